import type { Feature } from "#server/features/feature.ts";
import { playbookRouter } from "./router";
import { registerPlaybookRoutes } from "./routes";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { playbook: playbookRouter },
  routes: (api, { deps, guards }) => registerPlaybookRoutes(api, deps, guards),
} satisfies Feature;

export { renderChapterPdf, type PdfChapter } from "./pdf";
export { addStarterChapters } from "./service";
export { exportPlaybookProgressOf } from "./account-data";
