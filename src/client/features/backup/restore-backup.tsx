import { useState } from "react";
import { FileSearch, Upload } from "lucide-react";
import { BACKUP_UPLOAD_MAX_BYTES, type BackupHistoryItem, type RestoreReport } from "#common/backup/backup.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { formatBytes, formatDateTime } from "#client/lib/format.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Label } from "#client/ui/label.tsx";
import { toast } from "#client/ui/toast.tsx";
import { restoreUpload } from "./backup-api";
import { RestoreReportTable, TroubleshootingTips } from "./backup-parts";

export type RestoreSource = { kind: "file"; file: File } | { kind: "history"; item: BackupHistoryItem };

type Props = { source: RestoreSource | null; onSourceChange: (source: RestoreSource | null) => void; onRestored: () => void };

const sourceName = (source: RestoreSource) =>
  source.kind === "file"
    ? `${source.file.name} (${formatBytes(source.file.size)})`
    : `${source.item.fileName} from ${formatDateTime(source.item.timestamp)}`;

/** Restore: a file or a history entry, a dry run of what would change, then the restore itself after a confirmation. */
export function RestoreBackup({ source, onSourceChange, onRestored }: Props) {
  const trpc = useTRPC();
  const restoreFromHistory = useMutation(trpc.backup.restore.mutationOptions());
  const [dryRun, setDryRun] = useState<RestoreReport | null>(null);
  const [result, setResult] = useState<RestoreReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const [password, setPassword] = useState("");

  const call = async (from: RestoreSource, isDryRun: boolean): Promise<RestoreReport> => {
    const confirmed = isDryRun || !password ? undefined : password;
    if (from.kind === "file") return restoreUpload(from.file, isDryRun, confirmed);
    try {
      return await restoreFromHistory.mutateAsync({ id: from.item.id, dryRun: isDryRun, password: confirmed });
    } catch (error) {
      throw new Error(errorMessage(error, { fallback: "The restore failed.", network: "Network error. Please try again." }), {
        cause: error,
      });
    }
  };

  const choose = (next: RestoreSource | null) => {
    setDryRun(null);
    setResult(null);
    setFailure(null);
    setPassword("");
    onSourceChange(next);
  };

  const check = async () => {
    if (!source) return;
    setFailure(null);
    setResult(null);
    setChecking(true);
    try {
      setDryRun(await call(source, true));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  };

  const restore = async () => {
    if (!source) return;
    try {
      const report = await call(source, false);
      setResult(report);
      setDryRun(null);
      setPassword("");
      toast({ variant: "success", title: "Backup restored" });
      onRestored();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Restore</CardTitle>
        <CardDescription>
          Upload a backup file or pick one from the history. A dry run shows what would change; restoring adds missing rows and updates
          changed ones, table by table, and keeps rows the file does not hold.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="backup-restore-file">Backup file (.json, up to {formatBytes(BACKUP_UPLOAD_MAX_BYTES)})</Label>
          <input
            id="backup-restore-file"
            type="file"
            accept="application/json,.json"
            className="text-sm file:mr-3 file:rounded-control file:border file:border-control file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-semibold"
            onChange={(event) => {
              const file = event.target.files?.[0];
              choose(file ? { kind: "file", file } : null);
            }}
          />
        </div>
        {source && (
          <p className="text-sm text-ink-muted">
            Selected: <span className="font-medium text-ink">{sourceName(source)}</span>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void check()} disabled={!source || checking} loading={checking}>
            <FileSearch aria-hidden="true" />
            Dry run
          </Button>
          <ConfirmDialog
            title="Restore this backup?"
            description="Rows in the file replace the rows with the same id; rows it does not hold stay. Each category is written in one transaction."
            confirmLabel="Restore"
            destructive
            onConfirm={restore}
            trigger={
              <Button disabled={!dryRun || (dryRun.passwordRequired && !password)}>
                <Upload aria-hidden="true" />
                Restore
              </Button>
            }
          />
        </div>
        {failure && <TroubleshootingTips message={failure} title="Restore failed" />}
        {dryRun && (
          <div className="flex flex-col gap-2" data-testid="restore-dry-run">
            <Alert variant="info" title="Dry run: nothing was written">
              Backup of {dryRun.categories.join(", ")} made {formatDateTime(dryRun.createdAt)} by {dryRun.createdBy}.
            </Alert>
            <RestoreReportTable tables={dryRun.tables} />
            {dryRun.passwordRequired && (
              <div className="flex flex-col gap-2" data-testid="restore-password">
                <Alert variant="warning" title={dryRun.signed ? "This backup holds accounts" : "This backup was not made by this site"}>
                  {dryRun.confirmation}
                </Alert>
                <Label htmlFor="backup-restore-password">Your password</Label>
                <input
                  id="backup-restore-password"
                  type="password"
                  autoComplete="current-password"
                  className="rounded-control border border-control bg-surface px-3 py-1.5 text-sm"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </div>
            )}
          </div>
        )}
        {result && (
          <div className="flex flex-col gap-2" data-testid="restore-result">
            <Alert variant="success" title="Restored">
              {result.categories.join(", ")} restored from the backup of {formatDateTime(result.createdAt)}.
            </Alert>
            <RestoreReportTable tables={result.tables} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
