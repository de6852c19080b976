import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { count, eq, inArray, like, max, sql } from "drizzle-orm";
import type { Role } from "#common/auth/accounts.ts";
import { bangerCreateInput } from "#common/bangers/input.ts";
import { builderAdminCreateInput } from "#common/builders/admin.ts";
import { experimentFormInput, experimentUpdateInput } from "#common/lab/input.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { DataDirInUseError, openDatabase, type Database } from "#server/db/client.ts";
import { analyticsEvents, bangers, experiments, users, waitlistEntries } from "#server/db/schema/index.ts";
import { insertAnalyticsEvents, type AnalyticsEventRow } from "#server/features/analytics/index.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { createBanger } from "#server/features/bangers/index.ts";
import { createBuilderAsAdmin } from "#server/features/builders/index.ts";
import { addExperimentUpdate, createExperiment, moveExperiment } from "#server/features/lab/index.ts";
import { addStarterChapters } from "#server/features/playbook/index.ts";
import { WAITLIST_POSITION_LOCK_KEY } from "#server/features/waitlist/index.ts";
import { DomainError } from "#server/infra/errors.ts";
import {
  DEMO_BANGERS,
  DEMO_BUILDERS,
  DEMO_CAMPAIGNS,
  DEMO_COUNTRIES,
  DEMO_DEVICES,
  DEMO_EXPERIMENTS,
  DEMO_MEMBERS,
  DEMO_PAGES,
  DEMO_WAITLIST,
} from "./demo-data";

/*
 * `npm run seed`: demo content for a first look. Every row goes through the service that owns it (so its rules
 * hold), except waitlist entries (the join service queues a welcome mail) and analytics events (written by the
 * beacon's own writer statement, which folds them into the dashboard's rollups). Seeded rows are recognisable
 * (demo emails at example.com, fixed banger titles, analytics sessions named `seed:`), and each part is skipped
 * when its rows exist, so a second run adds nothing.
 */

export class SeedRefusedError extends Error {}

const USAGE = "Usage: npm run seed [-- --force]";
const SEED_SESSION_PREFIX = "seed:";
const DAY_MS = 24 * 60 * 60 * 1000;

export type SeedCounts = {
  members: number;
  builders: number;
  experiments: number;
  updates: number;
  chapters: number;
  bangers: number;
  events: number;
  waitlist: number;
};

const isConflict = (error: unknown) => error instanceof DomainError && error.kind === "conflict";

/** A small deterministic generator: the same demo week on every machine. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Demo members own the shared experiments. Their password is random and never shown: nobody signs in as them.
 * Written directly rather than through sign-up, which would mail a confirmation link to their made-up
 * addresses: they count as confirmed.
 */
async function seedMembers(db: Database, added: SeedCounts): Promise<Map<string, { id: string; role: Role }>> {
  for (const member of DEMO_MEMBERS) {
    const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
    const inserted = await db
      .insert(users)
      .values({ ...member, passwordHash, emailVerifiedAt: new Date() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    added.members += inserted.length;
  }
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_MEMBERS.map((m) => m.email),
      ),
    );
  return new Map(rows.map((row) => [row.email, { id: row.id, role: row.role }]));
}

async function seedBuilders(db: Database, added: SeedCounts) {
  for (const builder of DEMO_BUILDERS) {
    try {
      await createBuilderAsAdmin(db, builderAdminCreateInput.parse(builder));
      added.builders += 1;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
}

/** Each demo member's experiments, created only when that member has none (a second run adds nothing). */
async function seedExperiments(db: Database, members: Map<string, { id: string; role: Role }>, now: Date, added: SeedCounts) {
  for (const plan of DEMO_EXPERIMENTS) {
    const owner = members.get(plan.owner);
    if (!owner) continue;
    const [existing] = await db.select({ n: count() }).from(experiments).where(eq(experiments.ownerId, owner.id));
    if ((existing?.n ?? 0) > 0) continue;
    for (const item of plan.experiments) {
      const { experiment } = await createExperiment(db, owner, experimentFormInput.parse({ ...item.form, visibility: "shared" }), now);
      added.experiments += 1;
      if (item.status === "planning") continue;
      await moveExperiment(db, owner, { id: experiment.id, status: "running" }, now);
      for (const update of item.updates) {
        await addExperimentUpdate(db, owner, experimentUpdateInput.parse({ ...update, experimentId: experiment.id }), now);
        added.updates += 1;
      }
      if (item.status === "completed") await moveExperiment(db, owner, { id: experiment.id, status: "completed" }, now);
    }
  }
}

/** The playbook's built-in starter chapters: added once per site by the service (it refuses a second time). */
async function seedChapters(db: Database, claimedBy: string, added: SeedCounts) {
  try {
    added.chapters += (await addStarterChapters(db, claimedBy)).added;
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
}

async function seedBangers(db: Database, added: SeedCounts) {
  const existing = new Set(
    (
      await db
        .select({ title: bangers.title })
        .from(bangers)
        .where(
          inArray(
            bangers.title,
            DEMO_BANGERS.map((b) => b.title),
          ),
        )
    ).map((row) => row.title),
  );
  for (const banger of DEMO_BANGERS) {
    if (existing.has(banger.title)) continue;
    await createBanger(db, bangerCreateInput.parse(banger));
    added.bangers += 1;
  }
}

/**
 * A week of visits up to `now`: page views over the public pages, a share of them landing from the demo
 * campaigns, spread over countries and devices. Written by the beacon's own insert, which keeps the
 * dashboard's rollups in step in the same transaction.
 */
export function demoEvents(now: Date): AnalyticsEventRow[] {
  const random = seededRandom(100);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const rows: AnalyticsEventRow[] = [];
  for (let day = 6; day >= 0; day -= 1) {
    const visitors = 12 + Math.floor(random() * 10);
    for (let v = 0; v < visitors; v += 1) {
      const visitorId = `seed-visitor-${day}-${v}`;
      const place = pick(DEMO_COUNTRIES);
      const device = pick(DEMO_DEVICES);
      const campaign = random() < 0.3 ? pick(DEMO_CAMPAIGNS) : null;
      const start = now.getTime() - day * DAY_MS - Math.floor(random() * 20 * 60 * 60 * 1000) - 60_000;
      const views = 1 + Math.floor(random() * 4);
      for (let i = 0; i < views; i += 1) {
        const page = i === 0 ? (campaign ? "/" : pick(DEMO_PAGES)) : pick(DEMO_PAGES);
        const landing = i === 0 && campaign;
        rows.push({
          receivedAt: new Date(Math.min(start + i * 45_000, now.getTime())),
          clientTimestamp: null,
          event: "page_view",
          page,
          url: `https://lab.example.com${page}${landing ? `?utm_source=${campaign.source}&utm_campaign=${campaign.campaign}` : ""}`,
          category: null,
          label: null,
          value: null,
          component: null,
          experimentId: null,
          properties: null,
          sessionId: `${SEED_SESSION_PREFIX}${day}-${v}`,
          visitorId,
          maskedIp: null,
          country: place.country,
          region: place.region,
          city: place.city,
          timezone: place.timezone,
          deviceType: device.deviceType,
          browser: device.browser,
          os: device.os,
          referrerHost: landing ? campaign.referrerHost : null,
          utmSource: landing ? campaign.source : null,
          utmCampaign: landing ? campaign.campaign : null,
        });
      }
    }
  }
  return rows;
}

async function seedAnalytics(db: Database, now: Date, added: SeedCounts) {
  const [seeded] = await db
    .select({ n: count() })
    .from(analyticsEvents)
    .where(like(analyticsEvents.sessionId, `${SEED_SESSION_PREFIX}%`));
  if ((seeded?.n ?? 0) > 0) return;
  const rows = demoEvents(now);
  await insertAnalyticsEvents(db)(rows);
  added.events += rows.length;
}

/**
 * Waitlist entries at the next free positions. Not through the join service: it queues a welcome mail for
 * each new entry, and demo addresses must receive none.
 */
async function seedWaitlist(db: Database, now: Date, added: SeedCounts) {
  const present = new Set(
    (
      await db
        .select({ email: waitlistEntries.email })
        .from(waitlistEntries)
        .where(
          inArray(
            waitlistEntries.email,
            DEMO_WAITLIST.map((w) => w.email),
          ),
        )
    ).map((row) => row.email),
  );
  const missing = DEMO_WAITLIST.filter((entry) => !present.has(entry.email));
  if (missing.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_POSITION_LOCK_KEY})`);
    const [last] = await tx.select({ position: max(waitlistEntries.position) }).from(waitlistEntries);
    let position = last?.position ?? 0;
    for (const [i, entry] of missing.entries()) {
      position += 1;
      const createdAt = new Date(now.getTime() - (missing.length - i) * 11 * 60 * 60 * 1000);
      await tx
        .insert(waitlistEntries)
        .values({ ...entry, position, createdAt })
        .onConflictDoNothing({ target: waitlistEntries.email });
    }
  });
  added.waitlist += missing.length;
}

/** Seeds the database; returns what this run added (all zeros on a second run). */
export async function seedDemoContent(db: Database, now = new Date()): Promise<SeedCounts> {
  const added: SeedCounts = { members: 0, builders: 0, experiments: 0, updates: 0, chapters: 0, bangers: 0, events: 0, waitlist: 0 };
  const members = await seedMembers(db, added);
  await seedBuilders(db, added);
  await seedExperiments(db, members, now, added);
  await seedChapters(db, [...members.values()][0]!.id, added);
  await seedBangers(db, added);
  await seedAnalytics(db, now, added);
  await seedWaitlist(db, now, added);
  return added;
}

export function parseSeedArgs(args: string[]): { force: boolean } {
  try {
    const { values } = parseArgs({ args, options: { force: { type: "boolean", default: false } }, strict: true });
    return { force: values.force === true };
  } catch (error) {
    throw new SeedRefusedError(`${(error as Error).message}\n${USAGE}`);
  }
}

/**
 * Seeds the configured database (migrated first, as the server would). Refused when NODE_ENV=production unless
 * --force: demo builders, visits and waitlist entries would mix with a real site's. Returns the lines to print.
 */
export async function runSeed(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { force } = parseSeedArgs(args);
  const config = loadConfig(env);
  if (config.env === "production" && !force) {
    throw new SeedRefusedError(
      "Refused: NODE_ENV=production. Demo content would mix with the real site's data; add --force if that is what you want.",
    );
  }
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, maxConnections: 2 } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const added = await seedDemoContent(database.db);
    const parts = Object.entries(added).map(([what, n]) => `${n} ${what}`);
    const total = Object.values(added).reduce((sum, n) => sum + n, 0);
    return total === 0 ? "The demo content is already there: nothing added." : `Demo content added: ${parts.join(", ")}.`;
  } finally {
    await database.close();
  }
}

/** What the command prints on failure: the message alone for mistakes a person can fix, the whole error otherwise. */
export function describeSeedFailure(error: unknown): unknown {
  const explained = error instanceof SeedRefusedError || error instanceof ConfigError || error instanceof DataDirInUseError;
  return explained ? error.message : error;
}
