// zod/mini, like the other shared schemas. The back office's waitlist (GET /api/waitlist/admin,
// waitlist.adminList and friends) lives in its own module, apart from common/waitlist.ts: the landing page
// imports that one, and a bundler keeps every top-level schema of an imported module (it cannot prove a
// zod call free of side effects), so admin schemas there would ship to every public visitor.
import * as z from "zod/mini";
import type { RecentSignup } from "#common/admin/overview.ts";
import { queryWholeNumber } from "#common/forms/query-number.ts";
import { safeText } from "#common/forms/text-input.ts";

export const WAITLIST_ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const WAITLIST_ADMIN_PAGE_SIZE_DEFAULT = 25;
export const WAITLIST_ADMIN_PAGE_SIZE_MAX = 100;
/** Deep enough for any real list, small enough that page * pageSize stays a safe integer. */
export const WAITLIST_ADMIN_PAGE_MAX = 1_000_000;
export const WAITLIST_ADMIN_QUERY_MAX_LENGTH = 200;
export const WAITLIST_ADMIN_SORTS = ["position", "joined", "name", "email"] as const;
export type WaitlistAdminSort = (typeof WAITLIST_ADMIN_SORTS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Newest first: what an operator opening the list wants to see. */
export const WAITLIST_ADMIN_DEFAULT_SORT: WaitlistAdminSort = "position";
export const WAITLIST_ADMIN_DEFAULT_ORDER: SortOrder = "desc";

/**
 * The list's query: `page` (from 1), `pageSize` (at most 100), `q` (searched in email and name, any case),
 * `sort` and `order`. Unknown keys, such as `dev` and `debug`, are dropped: they open nothing.
 */
export const waitlistAdminListInput = z.object({
  page: queryWholeNumber("Page", 1, WAITLIST_ADMIN_PAGE_MAX, 1),
  pageSize: queryWholeNumber("Page size", 1, WAITLIST_ADMIN_PAGE_SIZE_MAX, WAITLIST_ADMIN_PAGE_SIZE_DEFAULT),
  q: z.pipe(
    z.nullish(
      safeText("Search").check(
        z.trim(),
        z.maxLength(WAITLIST_ADMIN_QUERY_MAX_LENGTH, `Search must be at most ${WAITLIST_ADMIN_QUERY_MAX_LENGTH} characters`),
      ),
    ),
    z.transform((value) => (value ? value : null)),
  ),
  sort: z._default(
    z.enum(WAITLIST_ADMIN_SORTS, { error: `Sort must be one of: ${WAITLIST_ADMIN_SORTS.join(", ")}` }),
    WAITLIST_ADMIN_DEFAULT_SORT,
  ),
  order: z._default(z.enum(SORT_ORDERS, { error: "Order must be asc or desc" }), WAITLIST_ADMIN_DEFAULT_ORDER),
});
export type WaitlistAdminListInput = z.infer<typeof waitlistAdminListInput>;
export type WaitlistAdminListRequest = z.input<typeof waitlistAdminListInput>;

/** `DELETE /api/waitlist/admin?id=` and waitlist.adminDelete: the entry's id (a UUID). */
export const waitlistAdminDeleteInput = z.object({
  id: safeText("Entry id", "Entry id is required").check(z.trim(), z.guid("Entry id must be a UUID")),
});
export type WaitlistAdminDeleteInput = z.infer<typeof waitlistAdminDeleteInput>;

/** One row of the admin list; `id` is what delete takes. Times are ISO 8601 strings. */
export type WaitlistAdminEntry = {
  id: string;
  position: number;
  name: string | null;
  email: string;
  interests: string[];
  country: string | null;
  city: string | null;
  source: string;
  joinedAt: string;
  /** When they followed a newsletter's unsubscribe link; null while they get the newsletter. */
  unsubscribedAt: string | null;
};

/** The answer of GET /api/waitlist/admin and waitlist.adminList. `total` counts the entries matching `q`. */
export type WaitlistAdminList = {
  entries: WaitlistAdminEntry[];
  total: number;
  /** ISO time the answer was made. */
  generated: string;
  /** What the Debug panel shows: counts and timing, never a secret. */
  debug: {
    page: number;
    pageSize: number;
    totalPages: number;
    /** Milliseconds the database took for the page and the count. */
    queryMs: number;
    q: string | null;
    sort: WaitlistAdminSort;
    order: SortOrder;
    /** Entries on this page. */
    returned: number;
  };
};

/**
 * GET /api/waitlist/stats and waitlist.adminStats: `totalSignups` and `recentSignups` (5 newest),
 * plus the figures of the admin page's cards. Admin only: it carries names.
 */
export type WaitlistStats = {
  totalSignups: number;
  recentSignups: RecentSignup[];
  last24Hours: number;
  last7Days: number;
  /** How many entries chose each interest, most chosen first (ties in catalogue order); interests nobody chose are left out. */
  interests: Array<{ interest: string; count: number }>;
  generated: string;
};

export type WaitlistAdminDeleteResult = { deleted: { id: string; position: number } };
