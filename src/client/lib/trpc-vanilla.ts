import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "#server/trpc/router.ts";

export const createVanillaClient = () => createTRPCClient<AppRouter>({ links: [httpLink({ url: "/trpc" })] });
