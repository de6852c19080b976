import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/auth/accounts.ts";
import {
  SEO_CHECKLIST_ITEMS,
  SEO_CHECKLIST_TOTAL,
  SEO_ITEM_IDS,
  seoChecklistDone,
  type SeoCheckedItems,
  type SeoChecklist,
  type SeoToggleInput,
} from "#common/seo/seo.ts";
import type { Database } from "#server/db/client.ts";
import { siteSettings, users } from "#server/db/schema/index.ts";

/** The site_settings row that holds the checklist: `{ checkedItems: { "1": true, ... } }`. */
export const SEO_CHECKLIST_KEY = "seo_checklist";

/** Who changes the checklist: the signed-in admin. */
export type SeoActor = Pick<SessionUser, "id" | "name" | "email">;

type StoredValue = { checkedItems?: unknown };

/** Only the known ids, only `true`: whatever else the stored JSON holds is ignored. */
export function toCheckedItems(value: unknown): SeoCheckedItems {
  const map = (value as StoredValue | null)?.checkedItems;
  const result: SeoCheckedItems = {};
  if (typeof map !== "object" || map === null) return result;
  for (const id of SEO_ITEM_IDS) {
    if ((map as Record<string, unknown>)[`${id}`] === true) result[`${id}`] = true;
  }
  return result;
}

const displayName = (person: { name: string | null; email: string | null } | null): string | null =>
  person?.name?.trim() || person?.email || null;

function toChecklist(value: unknown, updatedAt: Date | null, updatedBy: string | null): SeoChecklist {
  return {
    items: SEO_CHECKLIST_ITEMS,
    checkedItems: toCheckedItems(value),
    lastUpdated: updatedAt?.toISOString() ?? null,
    updatedBy,
  };
}

/** The checklist every admin shares. Before the first change: nothing checked, lastUpdated null. */
export async function getSeoChecklist(db: Database): Promise<SeoChecklist> {
  const [row] = await db
    .select({ value: siteSettings.value, updatedAt: siteSettings.updatedAt, name: users.name, email: users.email })
    .from(siteSettings)
    .leftJoin(users, eq(users.id, siteSettings.updatedBy))
    .where(eq(siteSettings.key, SEO_CHECKLIST_KEY));
  if (!row) return toChecklist(null, null, null);
  return toChecklist(row.value, row.updatedAt, displayName(row));
}

export async function getSeoProgress(db: Database): Promise<{ done: number; total: number }> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SEO_CHECKLIST_KEY));
  return { done: seoChecklistDone(toCheckedItems(row?.value)), total: SEO_CHECKLIST_TOTAL };
}

/**
 * Checks or unchecks one item and leaves the others as they are. One INSERT ... ON CONFLICT DO UPDATE:
 * Postgres locks the row and computes the new map from the latest committed value, so two admins
 * toggling different items at the same moment both keep their change (no read-modify-write race).
 */
export async function toggleSeoItem(db: Database, actor: SeoActor, input: SeoToggleInput): Promise<SeoChecklist> {
  const key = `${input.id}`;
  const current = sql`coalesce(${siteSettings.value} -> 'checkedItems', '{}'::jsonb)`;
  const next = input.checked ? sql`${current} || jsonb_build_object(${key}::text, true)` : sql`${current} - ${key}::text`;
  const [row] = await db
    .insert(siteSettings)
    .values({
      key: SEO_CHECKLIST_KEY,
      value: { checkedItems: input.checked ? { [key]: true } : {} },
      updatedAt: sql`now()`,
      updatedBy: actor.id,
    })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: {
        value: sql`${siteSettings.value} || jsonb_build_object('checkedItems', ${next})`,
        updatedAt: sql`now()`,
        updatedBy: actor.id,
      },
    })
    .returning({ value: siteSettings.value, updatedAt: siteSettings.updatedAt });
  return toChecklist(row!.value, row!.updatedAt, displayName(actor));
}

/** Replaces the whole map (`PUT /api/seo/checklist`, and Reset with an empty map). */
export async function replaceSeoChecklist(db: Database, actor: SeoActor, checkedItems: SeoCheckedItems): Promise<SeoChecklist> {
  const value = { checkedItems };
  const [row] = await db
    .insert(siteSettings)
    .values({ key: SEO_CHECKLIST_KEY, value, updatedAt: sql`now()`, updatedBy: actor.id })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()`, updatedBy: actor.id } })
    .returning({ value: siteSettings.value, updatedAt: siteSettings.updatedAt });
  return toChecklist(row!.value, row!.updatedAt, displayName(actor));
}

/** Reset: every item unchecked, for every admin. */
export const resetSeoChecklist = (db: Database, actor: SeoActor) => replaceSeoChecklist(db, actor, {});
