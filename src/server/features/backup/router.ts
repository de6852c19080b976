import { backupIdInput, backupRestoreInput } from "#common/backup/backup.ts";
import { CACHE_TAGS } from "#server/infra/cache-tags.ts";
import type { Context } from "#server/trpc/init.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import * as backup from "./service";

const contextOf = (ctx: Context): backup.BackupContext => ({ db: ctx.db, storage: ctx.deps.storage, keep: ctx.deps.config.backupKeep });

/** Backup Data, admin only. Creating a backup and uploading a file to restore are REST (a download, a multipart upload). */
export const backupRouter = router({
  status: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/backup/status", summary: "The last backup, the history and the categories a backup can hold" },
    })
    .query(async ({ ctx }) => ({
      ...(await backup.getBackupStatus(ctx.db)),
      categories: backup.listBackupCategories(),
    })),
  delete: adminProcedure
    .input(backupIdInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => backup.deleteBackup(contextOf(ctx), input.id)),
  /** A dry run (the default) or the restore of a backup in the history (with the owner's password when the dry run says it needs one). A restore replaces the rows behind every cached page. */
  restore: adminProcedure
    .input(backupRestoreInput)
    .meta({ invalidates: CACHE_TAGS })
    .mutation(({ ctx, input }) =>
      backup.restoreFromHistory(contextOf(ctx), input.id, {
        dryRun: input.dryRun,
        password: input.password,
        asker: { userId: ctx.user.id, rateLimits: ctx.deps.rateLimits },
      }),
    ),
});
