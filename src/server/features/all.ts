import { feature as admin } from "./admin/index";
import { feature as analytics } from "./analytics/index";
import { feature as auth } from "./auth/index";
import { feature as backup } from "./backup/index";
import { feature as bangers } from "./bangers/index";
import { feature as builders } from "./builders/index";
import { feature as emailTemplates } from "./email-templates/index";
import { feature as emailTest } from "./email-test/index";
import { feature as imageTest } from "./image-test/index";
import { feature as images } from "./images/index";
import { feature as inboundMail } from "./inbound-mail/index";
import { feature as lab } from "./lab/index";
import { feature as newsletter } from "./newsletter/index";
import { feature as playbook } from "./playbook/index";
import { feature as seo } from "./seo/index";
import { feature as siteAssets } from "./site-assets/index";
import { feature as system } from "./system/index";
import { feature as today } from "./today/index";
import { feature as waitlist } from "./waitlist/index";

/**
 * Every feature of the app: the one list that registers them (their tRPC namespaces, hand-written routes and
 * server-rendered form handlers). A new feature is a folder with an index.ts and one line here.
 */
export const FEATURES = [
  auth,
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
