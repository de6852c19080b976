import type { CacheTag } from "#server/infra/cache-tags.ts";

export type Access = "public" | "member" | "admin";

export type RestMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What an operation's definition says beyond its input and its function, read by the transports:
 * tRPC serves every procedure at /trpc/<path>; the REST adapter (rest/rest-adapter.ts) also serves the ones
 * with `rest` at their fixed path, and the OpenAPI document describes them.
 */
export type OperationMeta = {
  /** Who may call it; set by the procedure bases (publicProcedure, memberProcedure, adminProcedure), never by hand. */
  access?: Access;
  rest?: {
    method: RestMethod;
    /** A fixed path such as /api/waitlist/join; a `:name` segment is read into the input's `name`. */
    path: string;
    /** Input fields a POST, PUT or PATCH reads from the query string rather than the body (`PUT /api/builders/admin?id=`). */
    query?: readonly string[];
    /** One sentence for the OpenAPI document and its reference page. */
    summary: string;
    /**
     * The status of a success: 200 unless said, or chosen from the answer (201 for a new entry, 200 for an
     * existing one) or from the input as sent, before the schema read it (200 for an edit that names its id).
     */
    status?: number | ((output: never, input: never) => number);
    /** What the REST answer's body shows of the output, when not all of it (a flag that chose the status). */
    answer?: (output: never) => unknown;
    /** Each status `status` may choose, with what it means (for the OpenAPI document). */
    answers?: Readonly<Record<number, string>>;
  };
  /**
   * Cache-Control of a successful REST answer. Without it: `private, no-store` (answers carry a session's data,
   * or names and emails). tRPC answers are always `private, no-store`: they answer for the caller's session.
   */
  cacheControl?: string;
  /**
   * The cached server-rendered answers this write changes (see infra/cache-tags.ts); `[]` when it changes none.
   * Every mutation says it: a test fails on one that does not.
   */
  invalidates?: readonly CacheTag[];
  /**
   * A heavy read (many queries at once, or one long one: a dashboard, a report): it runs under the instance's
   * heavy-read limit (infra/heavy-reads.ts, HEAVY_READ_LIMIT), and when that is saturated answers 503 with
   * Retry-After, so that sign-ins, writes and the beacon always find a database connection.
   */
  heavyRead?: boolean;
};
