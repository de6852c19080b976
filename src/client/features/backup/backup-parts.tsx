import { BarChart3, Database, FileText, ListChecks, Settings, UserRound, Users, Wrench, type LucideIcon } from "lucide-react";
import { backupTroubleshootingTips, type BackupPriority, type RestoreTableReport } from "#common/backup/backup.ts";
import { formatCount } from "#client/lib/format.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Badge, type BadgeProps } from "#client/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#client/ui/table.tsx";

/** The icons the category registry names; anything else gets the database icon. */
const ICONS: Record<string, LucideIcon> = {
  "user-round": UserRound,
  "list-checks": ListChecks,
  users: Users,
  "file-text": FileText,
  settings: Settings,
  "bar-chart-3": BarChart3,
  wrench: Wrench,
};
export const categoryIcon = (name: string): LucideIcon => ICONS[name] ?? Database;

const PRIORITY_BADGE: Record<BackupPriority, BadgeProps["variant"]> = {
  critical: "danger",
  important: "warning",
  optional: "info",
  system: "neutral",
};
export const PriorityBadge = ({ priority }: { priority: BackupPriority }) => <Badge variant={PRIORITY_BADGE[priority]}>{priority}</Badge>;

/** A failure's message with the troubleshooting tips for it. */
export function TroubleshootingTips({ message, title }: { message: string; title?: string }) {
  return (
    <Alert variant="error" title={title ?? message}>
      {title && <p className="break-words">{message}</p>}
      <p className="mt-2 font-semibold">Troubleshooting tips</p>
      <ul className="mt-1 list-disc pl-5">
        {backupTroubleshootingTips(message).map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** Per table: rows added, updated and left as they are (a dry run's forecast or a restore's result). */
export function RestoreReportTable({ tables }: { tables: RestoreTableReport[] }) {
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Table</TableHead>
            <TableHead className="text-right">Added</TableHead>
            <TableHead className="text-right">Updated</TableHead>
            <TableHead className="text-right">Unchanged</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tables.map((row) => (
            <TableRow key={row.table}>
              <TableCell>
                <span className="font-mono text-xs">{row.table}</span> <span className="text-ink-muted">({row.category})</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(row.added)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(row.updated)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(row.unchanged)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
