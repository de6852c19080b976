import { listStaleRunningExperiments } from "#server/features/lab/index.ts";
import { plural, type TaskSource } from "./task-source";

/** A running experiment whose log has been quiet this long needs its update (or its owner a nudge). */
const QUIET_DAYS = 3;
const NAMED = 3;

/** Running experiments without an update for three days. */
export const staleExperiments: TaskSource = async (db, now) => {
  const stale = await listStaleRunningExperiments(db, now, QUIET_DAYS);
  if (stale.length === 0) return [];
  const named = stale.slice(0, NAMED).map((experiment) => `"${experiment.title}" (${experiment.owner.name})`);
  const more = stale.length > NAMED ? ` and ${stale.length - NAMED} more` : "";
  return [
    {
      id: "experiments-stale",
      category: "building",
      priority: "medium",
      title: `Log an update: ${plural(stale.length, "running experiment")} quiet for ${QUIET_DAYS} days`,
      description: `No update since ${QUIET_DAYS} days or more: ${named.join(", ")}${more}.`,
      estimatedTime: "10 min",
      link: "/admin/lab",
    },
  ];
};
