import { SEO_CHECKLIST_ITEMS } from "#common/seo/seo.ts";
import { getSeoChecklist } from "#server/features/seo/index.ts";
import type { TaskSource } from "./task-source";

/** Each item of the SEO Setup checklist not ticked yet; the first one open is the one to do today. */
export const seoChecklist: TaskSource = async (db) => {
  const { checkedItems } = await getSeoChecklist(db);
  const open = SEO_CHECKLIST_ITEMS.filter((item) => checkedItems[`${item.id}`] !== true);
  return open.map((item, index) => ({
    id: `seo-item-${item.id}`,
    category: item.category === "analytics" ? "analytics" : "marketing",
    priority: index === 0 ? "medium" : "low",
    title: `SEO: ${item.label}`,
    description: `${item.help} Tick it on SEO Setup when done.`,
    estimatedTime: "20 min",
    link: "/admin/seo-setup",
  }));
};
