import type { Feature } from "#server/features/feature.ts";
import { labRouter } from "./router";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { lab: labRouter },
} satisfies Feature;

export { getExperiment, isImageOfSharedExperiment, listSharedExperimentIds, listStaleRunningExperiments } from "./reads";
export { addExperimentUpdate, createExperiment, moveExperiment } from "./writes";
export { exportExperimentsOf } from "./account-data";
