import { useState } from "react";
import { Download, ShieldAlert } from "lucide-react";
import {
  DEFAULT_BACKUP_NAMESPACES,
  NO_CATEGORIES_SELECTED,
  type BackupCategoryInfo,
  type BackupStoreStats,
} from "#common/backup/backup.ts";
import { countText, formatBytes } from "#client/lib/format.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Checkbox } from "#client/ui/checkbox.tsx";
import { Progress } from "#client/ui/progress.tsx";
import { toast } from "#client/ui/toast.tsx";
import { exportBackup, type DownloadProgress } from "./backup-api";
import { categoryIcon, PriorityBadge, TroubleshootingTips } from "./backup-parts";

type Props = { categories: BackupCategoryInfo[]; stats: Record<string, BackupStoreStats>; onCreated: () => void };

/** Category selection and Create Backup: the server writes the file to storage, then it is downloaded. */
export function CreateBackup({ categories, stats, onCreated }: Props) {
  const [selected, setSelected] = useState<string[]>([...DEFAULT_BACKUP_NAMESPACES]);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = (id: string, on: boolean) => setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const sensitive = categories.filter((category) => category.sensitive && selected.includes(category.id));

  const create = async () => {
    setFailure(null);
    try {
      await exportBackup(selected, setProgress);
      toast({ variant: "success", title: "Backup created", description: "Saved in the history and downloaded." });
      onCreated();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create backup</CardTitle>
        <CardDescription>Choose what to back up. The file is kept in the history and downloaded to this device.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setSelected(categories.map((category) => category.id))}>
            Select all
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected([])}>
            Clear
          </Button>
        </div>
        <ul className="grid gap-3 md:grid-cols-2">
          {categories.map((category) => {
            const Icon = categoryIcon(category.icon);
            const id = `backup-category-${category.id}`;
            return (
              <li key={category.id} className="flex gap-3 rounded-control border border-line p-3">
                <Checkbox
                  id={id}
                  checked={selected.includes(category.id)}
                  onCheckedChange={(checked) => toggle(category.id, checked === true)}
                  className="mt-1"
                />
                <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    <Icon aria-hidden="true" className="size-4 text-ink-muted" />
                    {category.name}
                    <PriorityBadge priority={category.priority} />
                    <span className="text-xs font-normal text-ink-muted tabular-nums">
                      {countText(stats[category.id]?.keys ?? 0, "row")}
                    </span>
                  </span>
                  <span className="text-sm text-ink-muted">{category.description}</span>
                  <span className="text-xs text-ink-muted">Contains: {category.contains.join(", ")}</span>
                  {category.sensitive && (
                    <span className="flex items-start gap-1 text-xs font-medium text-red-700">
                      <ShieldAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                      Sensitive: {category.sensitive}
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
        {selected.length === 0 && <Alert variant="warning">{NO_CATEGORIES_SELECTED}</Alert>}
        {sensitive.length > 0 && (
          <Alert variant="warning" title="This backup holds sensitive data">
            {sensitive.map((category) => category.name).join(", ")}: store the file somewhere as safe as the database.
          </Alert>
        )}
        {progress && <CreateProgress progress={progress} />}
        {failure && <TroubleshootingTips message={failure} title="Backup failed" />}
        <div>
          <Button onClick={() => void create()} disabled={selected.length === 0 || progress !== null} loading={progress !== null}>
            <Download aria-hidden="true" />
            Create Backup
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function CreateProgress({ progress }: { progress: DownloadProgress }) {
  if (progress.phase === "writing") {
    return (
      <div className="flex flex-col gap-2" role="status">
        <p className="text-sm text-ink-muted">Writing the backup to storage…</p>
        <Progress value={null} label="Writing the backup" />
      </div>
    );
  }
  const text = progress.total ? `${formatBytes(progress.received)} of ${formatBytes(progress.total)}` : formatBytes(progress.received);
  return (
    <div className="flex flex-col gap-2" role="status">
      <p className="text-sm text-ink-muted">Downloading… {text}</p>
      <Progress value={progress.total ? progress.received : null} max={progress.total ?? 100} label="Downloading the backup" />
    </div>
  );
}
