import type { AnyRouter } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Guards } from "#server/auth/guards.ts";
import type { AppDeps } from "#server/deps.ts";
import type { PageHeadCache } from "#server/features/site-assets/index.ts";
import type { AppCaller, FormPosts } from "#server/features/ssr/index.ts";

/** What a feature's hand-written routes are given. */
export type RouteContext = {
  deps: AppDeps;
  guards: Guards;
  heads: PageHeadCache;
  /** The app's procedures called as this request: a hand-written route that runs an operation calls it here. */
  callerFor: (request: FastifyRequest, reply: FastifyReply) => Promise<AppCaller>;
};

/**
 * What a feature contributes to the app, exported as `feature` from its index.ts and registered by the one
 * list in features/all.ts. Its operations (and their REST paths) are its routers' procedures; its
 * long-lived services are built by services.ts; its tables' backup category is in backup/categories.ts.
 */
export type Feature = {
  /** tRPC namespaces: each procedure answers at /trpc/<namespace>.<name>, and at its REST path when its meta names one. */
  routers?: Record<string, AnyRouter>;
  /** Routes that cannot be one procedure's JSON answer, each listed with why in rest/hand-written-routes.ts. */
  routes?: (api: FastifyInstance, context: RouteContext) => void | Promise<void>;
  /** The handlers of server-rendered forms, by the page path they post to. */
  formPosts?: FormPosts;
};
