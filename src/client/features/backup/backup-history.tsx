import { Download, History, RotateCcw, Trash2 } from "lucide-react";
import type { BackupHistoryItem } from "#common/backup/backup.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { formatBytes, formatCount, formatDateTime } from "#client/lib/format.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#client/ui/table.tsx";
import { toast } from "#client/ui/toast.tsx";
import { downloadUrl } from "./backup-api";

type Props = { history: BackupHistoryItem[]; onRestore: (item: BackupHistoryItem) => void; onChanged: () => void };

/** The backups kept in storage: download, restore from, or delete each. */
export function BackupHistory({ history, onRestore, onChanged }: Props) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.backup.delete.mutationOptions());
  const deleteBackup = async (item: BackupHistoryItem) => {
    try {
      await remove.mutateAsync({ id: item.id });
      toast({ variant: "success", title: "Backup deleted" });
      onChanged();
    } catch (error) {
      toast({
        variant: "error",
        title: "Could not delete the backup",
        description: errorMessage(error, { fallback: "Please try again.", network: "Network error. Please try again." }),
      });
      throw error;
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Backup history</CardTitle>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <EmptyState icon={History} title="No backups yet" description="Backups you create, and scheduled ones, are listed here." />
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Created</TableHead>
                  <TableHead>Categories</TableHead>
                  <TableHead className="text-right">Rows</TableHead>
                  <TableHead className="text-right">Size</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {history.map((item) => (
                  <TableRow key={item.id} data-backup-id={item.id}>
                    <TableCell>
                      <div className="whitespace-nowrap">{formatDateTime(item.timestamp)}</div>
                      <div className="text-xs text-ink-muted">
                        {item.createdBy} {item.trigger === "scheduled" && <Badge variant="info">scheduled</Badge>}
                      </div>
                    </TableCell>
                    <TableCell className="text-sm">{item.namespaces.join(", ")}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(item.totalKeys)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">{formatBytes(item.sizeBytes)}</TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="ghost" size="sm">
                          <a href={downloadUrl(item.id)} download={item.fileName} aria-label={`Download ${item.fileName}`}>
                            <Download aria-hidden="true" />
                          </a>
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => onRestore(item)} aria-label={`Restore from ${item.fileName}`}>
                          <RotateCcw aria-hidden="true" />
                        </Button>
                        <ConfirmDialog
                          title="Delete this backup?"
                          description={`${item.fileName} (${formatBytes(item.sizeBytes)}) will be removed from storage. This cannot be undone.`}
                          confirmLabel="Delete backup"
                          destructive
                          onConfirm={() => deleteBackup(item)}
                          trigger={
                            <Button variant="ghost" size="sm" aria-label={`Delete ${item.fileName}`}>
                              <Trash2 aria-hidden="true" />
                            </Button>
                          }
                        />
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
