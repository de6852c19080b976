import type { PlanTask } from "../../../../common/today";
import { readLastBackupAt } from "../../admin/last-backup";
import { DAY_MS, type TaskSource } from "./task-source";

/** The task for a last backup (null: none ever; undefined: the backup feature is not built in, so nothing). */
export function backupTasks(lastBackupAt: Date | null | undefined, now: Date): PlanTask[] {
  if (lastBackupAt === undefined) return [];
  if (lastBackupAt !== null && now.getTime() - lastBackupAt.getTime() <= DAY_MS) return [];
  return [
    {
      id: "backup-due",
      category: "admin",
      priority: "high",
      title: "Back up the site's data",
      description: lastBackupAt === null ? "There is no backup yet." : "The last backup is more than 24 hours old.",
      estimatedTime: "5 min",
      link: "/admin/backup",
    },
  ];
}

/** No backup in the last 24 hours (the spec's recommendation). */
export const backupDue: TaskSource = async (db, now) => backupTasks(await readLastBackupAt(db), now);
