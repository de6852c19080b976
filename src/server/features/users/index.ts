import type { Feature } from "#server/features/feature.ts";
import { usersRouter } from "./router";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { users: usersRouter },
} satisfies Feature;
