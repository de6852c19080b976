import { asc, eq } from "drizzle-orm";
import { bangers } from "#server/db/schema/index.ts";
import { countBangersByStatus } from "#server/features/bangers/index.ts";
import { plural, type TaskSource } from "./task-source";

/** At most this many "post it" tasks, oldest ready first: a plan is a day's work, not the whole backlog. */
const READY_TASKS_MAX = 3;

/** Content bangers ready to post; when none is ready, the drafts waiting to be finished. */
export const contentDrafts: TaskSource = async (db) => {
  const ready = await db
    .select({ id: bangers.id, title: bangers.title, type: bangers.type })
    .from(bangers)
    .where(eq(bangers.status, "ready"))
    .orderBy(asc(bangers.createdAt), asc(bangers.id))
    .limit(READY_TASKS_MAX);
  if (ready.length > 0) {
    return ready.map((banger) => ({
      id: `banger-ready-${banger.id}`,
      category: "content",
      priority: "medium",
      title: `Post “${banger.title}”`,
      description: `This ${banger.type} is ready. Post it, then mark it posted in Content Bangers to track its campaign link.`,
      estimatedTime: "10 min",
      link: "/admin/bangers",
    }));
  }
  const { draft } = await countBangersByStatus(db);
  if (draft === 0) return [];
  return [
    {
      id: "bangers-drafts",
      category: "content",
      priority: "low",
      title: `Finish a draft (${plural(draft, "draft")} waiting)`,
      description: "Nothing is ready to post. Pick a draft in Content Bangers, finish it and mark it ready.",
      estimatedTime: "30 min",
      link: "/admin/bangers",
    },
  ];
};
