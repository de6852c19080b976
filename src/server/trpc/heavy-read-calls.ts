import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { OperationMeta } from "./meta";

/**
 * Tells from a tRPC request's URL whether it calls heavy reads only: `/trpc/analytics.dashboard`, or a batch
 * (`/trpc/a,b`) whose every procedure says `heavyRead` in its meta. The session lookup of such a request is
 * then part of the heavy read (infra/heavy-reads.ts asPartOfHeavyRead), before the procedure is even found.
 */
export function heavyReadCalls(router: AnyRouter): (url: string) => boolean {
  const heavy = new Set(
    Object.entries(router._def.procedures as Record<string, AnyProcedure>)
      .filter(([, procedure]) => (procedure._def.meta as OperationMeta | undefined)?.heavyRead === true)
      .map(([path]) => path),
  );
  return (url) => {
    const pathname = url.split("?", 1)[0]!;
    if (!pathname.startsWith("/trpc/")) return false;
    try {
      return decodeURIComponent(pathname.slice("/trpc/".length))
        .split(",")
        .every((path) => heavy.has(path));
    } catch {
      return false; // a malformed escape: the procedure is not found either
    }
  };
}
