import { readLastBackupAt } from "../../admin/last-backup";
import { DAY_MS, type TaskSource } from "./task-source";

/** No backup in the last 24 hours (the spec's recommendation). Silent while the backup feature is not built in. */
export const backupDue: TaskSource = async (db, now) => {
  const lastBackupAt = await readLastBackupAt(db);
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
};
