import { adminRouter } from "#server/features/admin/router.ts";
import { analyticsRouter } from "#server/features/analytics/router.ts";
import { authRouter } from "#server/features/auth/router.ts";
import { backupRouter } from "#server/features/backup/router.ts";
import { bangersRouter } from "#server/features/bangers/router.ts";
import { emailTemplatesRouter } from "#server/features/email-templates/router.ts";
import { buildersRouter } from "#server/features/builders/router.ts";
import { emailTestRouter } from "#server/features/email-test/router.ts";
import { imageTestRouter } from "#server/features/image-test/router.ts";
import { inboundMailRouter } from "#server/features/inbound-mail/router.ts";
import { imagesRouter } from "#server/features/images/router.ts";
import { labRouter } from "#server/features/lab/router.ts";
import { newsletterRouter } from "#server/features/newsletter/router.ts";
import { playbookRouter } from "#server/features/playbook/router.ts";
import { seoRouter } from "#server/features/seo/router.ts";
import { siteAssetsOgRouter } from "#server/features/site-assets/og/router.ts";
import { siteAssetsRouter } from "#server/features/site-assets/router.ts";
import { systemRouter } from "#server/features/system/router.ts";
import { todayRouter } from "#server/features/today/router.ts";
import { waitlistRouter } from "#server/features/waitlist/router.ts";
import { router } from "./init";

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
  waitlist: waitlistRouter,
  builders: buildersRouter,
  analytics: analyticsRouter,
  admin: adminRouter,
  seo: seoRouter,
  siteAssets: siteAssetsRouter,
  bangers: bangersRouter,
  emailTemplates: emailTemplatesRouter,
  imageTest: imageTestRouter,
  images: imagesRouter,
  emailTest: emailTestRouter,
  inboundMail: inboundMailRouter,
  newsletter: newsletterRouter,
  siteAssetsOg: siteAssetsOgRouter,
  lab: labRouter,
  playbook: playbookRouter,
  today: todayRouter,
  backup: backupRouter,
});

export type AppRouter = typeof appRouter;
