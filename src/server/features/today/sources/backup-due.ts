import type { PlanTask } from "#common/today/today.ts";
import { getLastBackupAt } from "#server/features/backup/index.ts";
import { DAY_MS, type TaskSource } from "./task-source";

/** The task for the last backup's time (null: there was never one). */
export function backupTasks(lastBackupAt: Date | null, now: Date): PlanTask[] {
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

/** No backup in the last 24 hours (a backup is recommended at least daily). */
export const backupDue: TaskSource = async (db, now) => backupTasks(await getLastBackupAt(db), now);
