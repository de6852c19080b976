import { FEATURES, type FeatureRouters } from "#server/features/all.ts";
import { router } from "./init";

/** Every feature's namespaces in one router: /trpc/<namespace>.<procedure>, and the REST paths their meta names. */
export const appRouter = router(Object.assign({}, ...FEATURES.map((feature) => feature.routers)) as FeatureRouters);

export type AppRouter = typeof appRouter;
