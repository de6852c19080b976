import type { Feature } from "#server/features/feature.ts";
import { backupRouter } from "./router";
import { registerBackupRoutes } from "./routes";

/** The feature as the app registers it (features/all.ts), and what other features may use of it: nothing else in this folder. */
export const feature = {
  routers: { backup: backupRouter },
  routes: async (api, { deps, guards }) => {
    await registerBackupRoutes(api, deps, guards);
  },
} satisfies Feature;

export { tableChecksums } from "./backup-tables";
export { restoreBackup } from "./restore";
export { createBackup, getLastBackupAt } from "./service";
export { createBackupScheduler, type BackupScheduler } from "./scheduler";
