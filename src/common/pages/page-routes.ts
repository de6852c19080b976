/*
 * The site's pages, by name: the client router (src/client/routes.tsx) renders one per entry, and the server
 * answers every other page path with the not-found page and status 404. Tiny and dependency-free on purpose:
 * the public entry chunk imports it.
 *
 * A pattern is a path of fixed segments, `:name` for any one segment, and a final `/*` for anything below.
 */
export const PUBLIC_PAGES = {
  landing: "/",
  builders: "/builders",
  login: "/login",
  loginDebug: "/login/debug",
  systemLogin: "/system/admin",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  terms: "/terms",
  privacy: "/privacy",
  /** The newsletter's unsubscribe link: asks to confirm (?token=). */
  unsubscribe: "/unsubscribe",
  /** The waitlist's confirmation link (?token=): a button confirms, then the position and referral link show. */
  waitlistConfirm: "/waitlist/confirm",
  /** Every waitlist mail's "Manage your data" link (?token=): what is stored, a download, unsubscribe, Delete me. */
  waitlistManage: "/waitlist/me",
  /** An image its owner shared from the image drop widget (a not-shared id shows "This image is not shared"). */
  sharedImage: "/lab/image/:id",
  /** The trial demo, for anyone (also at /admin/trial-demo). */
  demo: "/demo",
} as const;

/** Behind the admin gate. The admin shell routes /admin/* itself, and shows its own not-found page. */
export const BACK_OFFICE_PAGES = {
  today: "/today",
  admin: "/admin/*",
} as const;

/**
 * The member area (client/features/member/): any signed-in user, under the member header; a signed-out visitor
 * gets the sign-in form and stays on the page. One entry per page; the Playbook's pages join this list.
 */
export const MEMBER_PAGES = {
  lab: "/lab",
  /** An experiment: managed by its owner; a shared one is also its public page, readable signed out. */
  experiment: "/lab/:id",
  playbook: "/playbook",
  playbookChapter: "/playbook/:id",
  /** Every signed-in user's own account: profile, sign-in security, sessions, export, deletion. */
  account: "/account",
} as const;

export type PublicPageName = keyof typeof PUBLIC_PAGES;
export type MemberPageName = keyof typeof MEMBER_PAGES;

/**
 * The public pages the server renders to HTML (src/server/features/ssr), which the browser then hydrates:
 * crawlers and first paints get the content without waiting for JavaScript. Any other page is the empty shell
 * the browser renders, as the member and admin areas (behind their gates) always are.
 */
export const SERVER_RENDERED_PAGES: ReadonlySet<PublicPageName> = new Set<PublicPageName>([
  "landing",
  "builders",
  "login",
  "systemLogin",
  "signup",
  "forgotPassword",
  "resetPassword",
  "terms",
  "privacy",
  "unsubscribe",
  "waitlistConfirm",
  "waitlistManage",
  "sharedImage",
  "demo",
]);

/**
 * Member pages open to visitors that the server renders for a signed-out visitor: the public page of a shared
 * experiment, often a first visit from a link. A signed-in member gets the member area, rendered in the browser.
 */
export const SERVER_RENDERED_MEMBER_PAGES: ReadonlySet<MemberPageName> = new Set<MemberPageName>(["experiment"]);

export type BackOfficePageName = keyof typeof BACK_OFFICE_PAGES;

const PATTERNS: readonly string[] = [...Object.values(PUBLIC_PAGES), ...Object.values(MEMBER_PAGES), ...Object.values(BACK_OFFICE_PAGES)];
const segmentsOf = (path: string) => path.split("/").filter(Boolean);

/** Matches as the client router does: case-insensitive, a trailing slash allowed. */
export function matchesPagePattern(pattern: string, path: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(path);
  const splat = wanted.at(-1) === "*";
  if (splat) wanted.pop();
  if (splat ? given.length < wanted.length : given.length !== wanted.length) return false;
  return wanted.every((segment, i) => segment.startsWith(":") || segment.toLowerCase() === given[i]!.toLowerCase());
}

const patternsOf = <Name extends string>(pages: Record<Name, string>, rendered: ReadonlySet<Name>): readonly string[] =>
  Object.entries<string>(pages)
    .filter(([name]) => rendered.has(name as Name))
    .map(([, pattern]) => pattern);
const SERVER_RENDERED_PATTERNS = patternsOf(PUBLIC_PAGES, SERVER_RENDERED_PAGES);
const SERVER_RENDERED_MEMBER_PATTERNS = patternsOf(MEMBER_PAGES, SERVER_RENDERED_MEMBER_PAGES);

/** Whether the server renders this path (without its query string) to HTML, for a visitor signed in or not. */
export const isServerRenderedPath = (path: string, { signedIn }: { signedIn: boolean }): boolean =>
  SERVER_RENDERED_PATTERNS.some((pattern) => matchesPagePattern(pattern, path)) ||
  (!signedIn && SERVER_RENDERED_MEMBER_PATTERNS.some((pattern) => matchesPagePattern(pattern, path)));

/** Whether a path (without its query string) is one of the site's pages. */
export const isPagePath = (path: string): boolean => PATTERNS.some((pattern) => matchesPagePattern(pattern, path));

/**
 * Pages whose content is one person's data, read with the secret of their link (`?token=`): rendered for each
 * request and sent `private, no-store`, never kept by the server's page cache nor by any other cache.
 */
export const PERSONAL_PAGES: ReadonlySet<PublicPageName> = new Set<PublicPageName>(["waitlistManage"]);
const PERSONAL_PATTERNS = patternsOf(PUBLIC_PAGES, PERSONAL_PAGES);

/** Whether the page at this path (without its query string) shows one person's data (see PERSONAL_PAGES). */
export const isPersonalPath = (path: string): boolean => PERSONAL_PATTERNS.some((pattern) => matchesPagePattern(pattern, path));
