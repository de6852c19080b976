import { MEMBER_PAGES, PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import type { Database } from "#server/db/client.ts";
import { nullWhenNotFound } from "#server/infra/errors.ts";
import { isUuid } from "#server/infra/http.ts";
import { getSharedImage } from "#server/features/images/index.ts";
import { getExperiment } from "#server/features/lab/index.ts";
import type { PageSubject } from "./page-head";

export type HeadProviderContext = {
  db: Database;
  /** A root-relative path made absolute with the site's URL. */ absoluteUrl: (path: string) => string;
};

/**
 * Pages with a subject of their own get their own title, description and image in the head crawlers read.
 * One entry a page pattern (the patterns of common/page-routes.ts); `subject` answers null when the page's
 * thing does not exist or is not public, and the page then gets the site's head with noindex.
 * Entries without `:params` are cached with the site's head; the others are read on each request.
 */
export type PageHeadProvider = {
  pattern: string;
  subject: (ctx: HeadProviderContext, params: Record<string, string>) => Promise<PageSubject | null>;
};

const fixed = (pattern: string, subject: PageSubject): PageHeadProvider => ({ pattern, subject: async () => subject });

export const PAGE_HEAD_PROVIDERS: PageHeadProvider[] = [
  fixed(PUBLIC_PAGES.builders, {
    title: "Builders",
    description: "Meet the indie builders running real $100 investing experiments in public, and join them.",
  }),
  fixed(PUBLIC_PAGES.terms, { title: "Terms" }),
  fixed(PUBLIC_PAGES.privacy, { title: "Privacy" }),
  fixed(PUBLIC_PAGES.demo, {
    title: "Trial demo",
    description: "Walk through the eleven steps of a trial, from signup to thank-you. A demo: nothing is charged, stored or sent.",
  }),
  // Doors and one-off links: reachable, but nothing a search result should lead to.
  fixed(PUBLIC_PAGES.systemLogin, { title: "System Login", noindex: true }),
  fixed(PUBLIC_PAGES.loginDebug, { title: "Sign in", noindex: true }),
  fixed(PUBLIC_PAGES.resetPassword, { title: "Reset password", noindex: true }),
  fixed(PUBLIC_PAGES.unsubscribe, { title: "Unsubscribe", noindex: true }),
  fixed(PUBLIC_PAGES.waitlistConfirm, { title: "Confirm your email", noindex: true }),
  fixed(PUBLIC_PAGES.waitlistManage, { title: "Manage your data", noindex: true }),
  { pattern: PUBLIC_PAGES.sharedImage, subject: sharedImageSubject },
  { pattern: MEMBER_PAGES.experiment, subject: sharedExperimentSubject },
];

/** A shared experiment, read as a signed-out visitor reads its page: a private or unknown one gets noindex. */
async function sharedExperimentSubject(
  { db, absoluteUrl }: HeadProviderContext,
  params: Record<string, string>,
): Promise<PageSubject | null> {
  if (!isUuid(params.id ?? "")) return null;
  const detail = await getExperiment(db, null, params.id!, new Date()).catch(nullWhenNotFound);
  if (!detail) return null;
  const { experiment } = detail;
  const description = `A $${experiment.amount} experiment by ${experiment.ownerName}: ${experiment.hypothesis}`.slice(0, 200);
  return {
    title: experiment.title,
    description,
    ogType: "article",
    jsonLd: [
      {
        "@type": "Article",
        headline: experiment.title,
        description,
        author: { "@type": "Person", name: experiment.ownerName },
        url: absoluteUrl(`/lab/${experiment.id}`),
      },
    ],
  };
}

async function sharedImageSubject({ db, absoluteUrl }: HeadProviderContext, params: Record<string, string>): Promise<PageSubject | null> {
  if (!isUuid(params.id ?? "")) return null;
  const image = await getSharedImage(db, params.id!).catch(nullWhenNotFound);
  if (!image) return null;
  const title = image.annotation.trim().split("\n", 1)[0]!.slice(0, 80) || image.originalName;
  return {
    title,
    description: image.annotation.trim().slice(0, 200) || `An image shared from a $100 Lab experiment: ${image.originalName}.`,
    ogType: "article",
    image: { url: image.url, width: image.width, height: image.height, alt: title },
    jsonLd: [
      {
        "@type": "ImageObject",
        name: title,
        contentUrl: absoluteUrl(image.url),
        width: image.width,
        height: image.height,
        uploadDate: image.uploadedAt,
      },
    ],
  };
}
