/**
 * The API writes that change what a server-rendered page shows: a successful one clears the rendered pages.
 * One line per feature whose data a public page's loader reads (REST path, tRPC procedure prefix).
 */
const CONTENT_WRITES: readonly RegExp[] = [
  // The builders' directory on /builders: joins, profile edits, the back office's reviews and deletions.
  /^\/api\/builders(\/|$|\?)/,
  /^\/trpc\/[^?]*\bbuilders\./,
  // A shared image's page (/lab/image/:id): sharing, annotating, replacing and deleting images.
  /^\/api\/images(\/|$|\?)/,
  /^\/trpc\/[^?]*\bimages\./,
  // A shared experiment's page (/lab/:id): sharing, editing, moving and updating experiments.
  /^\/trpc\/[^?]*\blab\./,
];

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const isContentWrite = (method: string, url: string, status: number): boolean =>
  !READ_METHODS.has(method) && status < 400 && CONTENT_WRITES.some((pattern) => pattern.test(url));
