import { createElement, useState, type ReactNode } from "react";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { AppRouter } from "#server/trpc/router.ts";
import { httpStatusOf } from "./errors";

/**
 * Typed query and mutation options for every tRPC procedure of the server (types only; no server code reaches the
 * bundle): `useQuery(trpc.x.y.queryOptions(input))`, `useMutation(trpc.x.y.mutationOptions())`, with
 * `const trpc = useTRPC()` in the component and the cache reached through React Query's own `useQueryClient()`.
 */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** HTTP statuses a retry cannot fix: bad input, not signed in, not allowed, not found, conflict, rate limited. */
const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 409, 413, 429]);

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  const status = httpStatusOf(error);
  return status === null || !NO_RETRY_STATUSES.has(status);
}

/**
 * A call answered 401: the session ended (from another device, by a password change, an admin) or expired. The
 * page asks the server who is signed in, so the sign-in gate shows at once instead of a page of failed calls.
 */
function recheckSessionOn(client: () => QueryClient) {
  return (error: unknown) => {
    if (httpStatusOf(error) === 401) void client().invalidateQueries({ queryKey: [["auth", "me"]] });
  };
}

export function createQueryClient(): QueryClient {
  const onError = recheckSessionOn(() => client);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * Provides the tRPC client and the React Query cache. The session travels in an httpOnly,
 * same-origin cookie, so there is no token handling here: fetch sends the cookie by itself.
 */
export function TrpcProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: "/trpc" })],
    }),
  );
  return createElement(QueryClientProvider, {
    client: queryClient,
    children: createElement(TRPCProvider, { trpcClient, queryClient, children }),
  });
}
