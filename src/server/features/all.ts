import { feature as account } from "#server/features/account/index.ts";
import { feature as admin } from "#server/features/admin/index.ts";
import { feature as analytics } from "#server/features/analytics/index.ts";
import { feature as auth } from "#server/features/auth/index.ts";
import { feature as backup } from "#server/features/backup/index.ts";
import { feature as bangers } from "#server/features/bangers/index.ts";
import { feature as builders } from "#server/features/builders/index.ts";
import { feature as emailTemplates } from "#server/features/email-templates/index.ts";
import { feature as emailTest } from "#server/features/email-test/index.ts";
import { feature as imageTest } from "#server/features/image-test/index.ts";
import { feature as images } from "#server/features/images/index.ts";
import { feature as inboundMail } from "#server/features/inbound-mail/index.ts";
import { feature as lab } from "#server/features/lab/index.ts";
import { feature as newsletter } from "#server/features/newsletter/index.ts";
import { feature as playbook } from "#server/features/playbook/index.ts";
import { feature as secondFactors } from "#server/features/second-factors/index.ts";
import { feature as seo } from "#server/features/seo/index.ts";
import { feature as siteAssets } from "#server/features/site-assets/index.ts";
import { feature as system } from "#server/features/system/index.ts";
import { feature as today } from "#server/features/today/index.ts";
import { feature as users } from "#server/features/users/index.ts";
import { feature as waitlist } from "#server/features/waitlist/index.ts";

/**
 * Every feature of the app: the one list that registers them (their tRPC namespaces, hand-written routes and
 * server-rendered form handlers). A new feature is a folder with an index.ts and one line here.
 */
export const FEATURES = [
  auth,
  secondFactors,
  account,
  users,
  system,
  waitlist,
  builders,
  analytics,
  admin,
  seo,
  siteAssets,
  bangers,
  emailTemplates,
  imageTest,
  images,
  emailTest,
  inboundMail,
  newsletter,
  lab,
  playbook,
  today,
  backup,
] as const;

/** Every namespace of every feature, with its router's exact type (what the client's AppRouter is made of). */
export type FeatureRouters = UnionToIntersection<(typeof FEATURES)[number]["routers"]>;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;
