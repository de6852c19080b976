import type { Feature } from "#server/features/feature.ts";
import { emailTemplatesRouter } from "./router";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { emailTemplates: emailTemplatesRouter },
} satisfies Feature;

export { queueTemplatedMail, renderProductMail, type RenderedProductMail } from "./product-mail";
export { compileTemplate } from "./renderer";
export { TEMPLATE_NOT_FOUND, seedTemplates, waitlistEntryData } from "./service";
