import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { BACKUP_RECOMMEND_AFTER_HOURS, type BackupHistoryItem } from "#common/backup/backup.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { countText, formatBytes, formatCount, formatDateTime, formatRelativeTime } from "#client/lib/format.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert, LoadFailedAlert } from "#client/ui/alert.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { BackupDiagnostics, DIAGNOSTICS_QUERY_KEY } from "./backup-diagnostics";
import { BackupHistory } from "./backup-history";
import { categoryIcon } from "./backup-parts";
import { CreateBackup } from "./create-backup";
import { RestoreBackup, type RestoreSource } from "./restore-backup";

/** /admin/backup: diagnostics, the guide, data status, create, last backup, history and restore. */
export function BackupPage() {
  const trpc = useTRPC();
  const status = useQuery(trpc.backup.status.queryOptions());
  const [restoreSource, setRestoreSource] = useState<RestoreSource | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => {
    void status.refetch();
    void queryClient.invalidateQueries({ queryKey: DIAGNOSTICS_QUERY_KEY });
  };
  const pickFromHistory = (item: BackupHistoryItem) => {
    setRestoreSource({ kind: "history", item });
    document.getElementById("backup-restore")?.scrollIntoView({ behavior: "smooth" });
  };

  if (status.isPending) return <PageSpinner label="Loading backups" />;
  if (status.isError) {
    return (
      <LoadFailedAlert title="Failed to load the backup status" onRetry={refresh} retrying={status.isFetching}>
        {errorMessage(status.error, { fallback: "Please try again.", network: "Network error. Please try again." })}
      </LoadFailedAlert>
    );
  }
  const { categories, currentStats, lastBackup, backupHistory, recommendsBackup } = status.data;

  return (
    <div className="flex flex-col gap-6">
      {recommendsBackup && (
        <Alert variant="warning" title="A backup is recommended">
          {lastBackup ? `The last backup is older than ${BACKUP_RECOMMEND_AFTER_HOURS} hours.` : "No backup has been made yet."}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <BackupDiagnostics />
        <BackupGuide />
      </div>
      <StatCardGrid title="Data status">
        {categories.map((category) => (
          <StatCard
            key={category.id}
            label={category.name}
            value={formatCount(currentStats[category.id]?.keys ?? 0)}
            detail={currentStats[category.id]?.available ? "rows, available" : "not available"}
            icon={categoryIcon(category.icon)}
          />
        ))}
      </StatCardGrid>
      <CreateBackup categories={categories} stats={currentStats} onCreated={refresh} />
      <Card>
        <CardHeader>
          <CardTitle>Last backup</CardTitle>
        </CardHeader>
        <CardContent>
          {lastBackup ? (
            <p className="flex flex-wrap items-center gap-x-2 text-sm" data-testid="last-backup">
              <Clock aria-hidden="true" className="size-4 text-ink-muted" />
              <span className="font-medium">{formatDateTime(lastBackup.timestamp)}</span>
              <span className="text-ink-muted">
                ({formatRelativeTime(lastBackup.timestamp)}) by {lastBackup.createdBy}: {lastBackup.namespaces.join(", ")},{" "}
                {countText(lastBackup.totalKeys, "row")}, {formatBytes(lastBackup.sizeBytes)}
              </span>
            </p>
          ) : (
            <p className="text-sm text-ink-muted">No backup yet.</p>
          )}
        </CardContent>
      </Card>
      <BackupHistory history={backupHistory} onRestore={pickFromHistory} onChanged={refresh} />
      <div id="backup-restore" className="scroll-mt-4">
        {/* A new pick from the history starts the restore afresh (no dry run of another backup left on screen). */}
        <RestoreBackup
          key={restoreSource?.kind === "history" ? restoreSource.item.id : "file"}
          source={restoreSource}
          onSourceChange={setRestoreSource}
          onRestored={refresh}
        />
      </div>
    </div>
  );
}

function BackupGuide() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Guide</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-ink-muted">
          <li>Check the diagnostics: all four steps should be green. A warning means a store is still empty.</li>
          <li>Select the categories to back up. Critical ones (accounts, waitlist, builders) cannot be rebuilt from anything else.</li>
          <li>Create the backup: it is kept in the history and downloaded. Keep the download somewhere safe, off this server.</li>
          <li>Backups also run on a schedule (BACKUP_SCHEDULE); the history keeps the newest ones (BACKUP_KEEP).</li>
          <li>To restore, pick a backup or upload a file, run the dry run, read what would change, then restore.</li>
        </ol>
      </CardContent>
    </Card>
  );
}
