import { adminRouter } from "../features/admin/router";
import { analyticsRouter } from "../features/analytics/router";
import { authRouter } from "../features/auth/router";
import { backupRouter } from "../features/backup/router";
import { bangersRouter } from "../features/bangers/router";
import { emailTemplatesRouter } from "../features/email-templates/router";
import { buildersRouter } from "../features/builders/router";
import { emailTestRouter } from "../features/email-test/router";
import { imageTestRouter } from "../features/image-test/router";
import { inboundMailRouter } from "../features/inbound-mail/router";
import { imagesRouter } from "../features/images/router";
import { labRouter } from "../features/lab/router";
import { newsletterRouter } from "../features/newsletter/router";
import { playbookRouter } from "../features/playbook/router";
import { seoRouter } from "../features/seo/router";
import { siteAssetsOgRouter } from "../features/site-assets/og/router";
import { siteAssetsRouter } from "../features/site-assets/router";
import { systemRouter } from "../features/system/router";
import { todayRouter } from "../features/today/router";
import { waitlistRouter } from "../features/waitlist/router";
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
