import type { createVanillaClient } from "./trpc-vanilla";

type ApiClient = ReturnType<typeof createVanillaClient>;
let client: Promise<ApiClient> | undefined;

/**
 * A plain tRPC client (no React Query) for the pages outside the ApiLayout, such as the landing page's
 * waitlist form: it loads on first use, so their first load carries none of it.
 */
export function apiClient(): Promise<ApiClient> {
  client ??= import("./trpc-vanilla").then((m) => m.createVanillaClient());
  return client;
}
