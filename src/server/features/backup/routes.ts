import type { Socket } from "node:net";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BACKUP_UPLOAD_MAX_BYTES, backupExportInput, backupFileName, backupUploadQuery } from "#common/backup/backup.ts";
import type { Guards } from "#server/auth/guards.ts";
import type { BackupRow } from "#server/db/schema/index.ts";
import type { AppDeps } from "#server/deps.ts";
import { CACHE_TAGS } from "#server/infra/cache-tags.ts";
import { asPartOfHeavyRead } from "#server/infra/heavy-reads.ts";
import { isUuid, parseInput, PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { singleFileLimits, spoolSingleFileUpload, uploadSpoolDir } from "#server/infra/multipart-upload.ts";
import { serveStoredObject } from "#server/infra/serve-stored-object.ts";
import * as backup from "./service";

const BACKUP_TOO_LARGE = `The backup file is larger than ${BACKUP_UPLOAD_MAX_BYTES / (1024 * 1024 * 1024)} GB.`;

/**
 * The backup paths that move files (admin only; the status is generated from router.ts): the export (written
 * to storage and recorded in the history, then sent as the download), a history entry's download, and the
 * restore of an uploaded file. The guard runs before any input is read.
 */
export async function registerBackupRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;
  const context: backup.BackupContext = { db, storage: deps.storage, keep: deps.config.backupKeep };

  const sendBackupFile = (request: FastifyRequest, reply: FastifyReply, row: BackupRow) => {
    reply.header("Content-Disposition", `attachment; filename="${backupFileName(row.categories, row.createdAt)}"`);
    reply.header("X-Backup-Id", row.id);
    // The size before any compression on the way: the page shows the download's progress against it.
    reply.header("X-Backup-Size", String(row.sizeBytes));
    return serveStoredObject(request, reply, deps.storage, row.storageKey, {
      notFoundMessage: "The backup's file is missing from storage",
    });
  };

  app.post("/api/backup/export", async (request, reply) => {
    const { user } = await asPartOfHeavyRead(() => guards.admin(request, reply));
    keepIdleConnection(request);
    const { namespaces } = parseInput(backupExportInput, request.body ?? {});
    // Writing the backup reads every table: a heavy read (sending the stored file afterwards is not).
    const row = await deps.services.heavyReads.run(() =>
      backup.createBackup(context, { categories: namespaces, author: { id: user.id, email: user.email } }),
    );
    return sendBackupFile(request, reply, row);
  });

  app.get<{ Params: { id: string } }>("/api/backup/history/:id/download", async (request, reply) => {
    await guards.admin(request, reply);
    if (!isUuid(request.params.id)) return reply.code(404).send({ error: backup.BACKUP_NOT_FOUND });
    return sendBackupFile(request, reply, await backup.findBackup(db, request.params.id));
  });

  // Multipart parsing exists only in this scope. The file is spooled to disk, then parsed as a stream.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: singleFileLimits(BACKUP_UPLOAD_MAX_BYTES) });
    upload.post("/api/backup/restore", async (request, reply) => {
      const { user } = await guards.admin(request, reply);
      keepIdleConnection(request);
      const { dryRun } = parseInput(backupUploadQuery, request.query);
      const form = await spoolSingleFileUpload(request, {
        fileField: "file",
        tooLargeMessage: BACKUP_TOO_LARGE,
        spoolDir: uploadSpoolDir(deps.config.dataDir),
      });
      try {
        // The owner's password travels in the form's body, never in the URL.
        const password = form.fields.password || undefined;
        const report = await backup.restoreFrom(db, () => form.open(), {
          dryRun,
          password,
          asker: { userId: user.id, rateLimits: deps.rateLimits },
        });
        // A restore replaces the rows behind every cached page.
        if (!dryRun) await deps.services.cacheBus.publish(CACHE_TAGS);
        return reply.header("Cache-Control", PRIVATE_NO_STORE).send(report);
      } finally {
        await form.discard();
      }
    });
  });
}

/**
 * Writing or restoring a large backup keeps the connection silent for longer than the slow-client idle
 * timeout (twice REQUEST_TIMEOUT_MS) allows: for these admin requests, once signed in, it is lifted.
 */
function keepIdleConnection(request: FastifyRequest) {
  // app.inject's stand-in socket has no timer to lift.
  const socket = request.raw.socket as Partial<Socket> | undefined;
  socket?.setTimeout?.(0);
}
