import type { FastifyInstance } from "fastify";

export type RegisteredRoute = { method: string; url: string };

declare module "fastify" {
  // Declaration merging needs an interface: a type alias cannot extend Fastify's.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Every route the app serves (HEAD twins left out), in the order registered: what the API's description is checked against. */
    routeList: readonly RegisteredRoute[];
  }
}

/** Call first on a new app: routes registered afterwards, in any scope, are listed on `app.routeList`. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate("routeList", routes);
  app.addHook("onRoute", ({ method, url }) => {
    for (const one of [method].flat()) if (one !== "HEAD") routes.push({ method: one, url });
  });
}
