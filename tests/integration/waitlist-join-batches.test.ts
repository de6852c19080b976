import { asc, like } from "drizzle-orm";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { waitlistJoinInput } from "#common/waitlist/input.ts";
import type { Database } from "#server/db/client.ts";
import { mailMessages, waitlistEntries } from "#server/db/schema/index.ts";
import { createWaitlistJoins, joinWaitlist } from "#server/features/waitlist/index.ts";
import { withDatabase } from "../helpers/global-setup";
import { useTestApp } from "../helpers/test-app";
import { terminateConnections, usesRealPostgres } from "../helpers/test-database";

const t = useTestApp({ rateLimits: false });
const visitor = { ip: "81.2.69.160", headers: {} };

beforeEach(async () => {
  await t.db.delete(waitlistEntries);
  await t.db.delete(mailMessages);
});

/** The test app's database, counting the transactions opened on it. */
function countingTransactions(db: Database): { db: Database; transactions: () => number } {
  let opened = 0;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      if (key === "transaction") opened += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { db: counted, transactions: () => opened };
}

const joinSettings = (db: Database = t.db) => ({
  db,
  logger: t.deps.logger,
  publicUrl: t.deps.config.publicUrl,
  configuredSecret: t.deps.config.unsubscribeSecret,
  settings: t.deps.config.waitlist,
});

function joinDeps() {
  const settings = joinSettings();
  return { ...settings, geo: t.deps.geo, joins: createWaitlistJoins(settings) };
}

/** A join as the service hands it to be stored, without a confirmation mail (WAITLIST_CONFIRM off). */
const prepared = (email: string, id: string = crypto.randomUUID()) => ({
  ...waitlistJoinInput.parse({ email }),
  source: "homepage" as const,
  id,
  referrerId: null,
  location: { country: null, region: null, city: null, timezone: null },
  confirmation: null,
});

const join = (deps: ReturnType<typeof joinDeps>, email: string, ref?: string) =>
  joinWaitlist(deps, waitlistJoinInput.parse({ email, ...(ref ? { ref } : {}) }), visitor);

describe("waitlist joins stored together (group commit)", () => {
  it("stores joins that arrive together in one transaction", async () => {
    const counting = countingTransactions(t.db);
    const joins = createWaitlistJoins({ ...joinSettings(counting.db), settings: { ...t.deps.config.waitlist, confirm: false } });
    const stored = await Promise.all(Array.from({ length: 20 }, (_, i) => joins.store(prepared(`together-${i}@example.com`))));
    expect(counting.transactions()).toBe(1);
    expect(stored.map((join) => (join.created ? [join.joinNumber, join.rank] : null))).toEqual(
      Array.from({ length: 20 }, (_, i) => [i + 1, i + 1]),
    );
  });

  it("numbers a burst of joins without a gap, each answered with the rank and number its own entry took", async () => {
    const first = await join(joinDeps(), "first@example.com");
    const deps = joinDeps();
    const emails = Array.from({ length: 30 }, (_, i) => `burst-${i}@example.com`);
    const answers = await Promise.all(emails.map((email) => join(deps, email, first.referralCode)));

    const rows = await t.db
      .select({ email: waitlistEntries.email, position: waitlistEntries.position })
      .from(waitlistEntries)
      .where(like(waitlistEntries.email, "burst-%"))
      .orderBy(asc(waitlistEntries.position));
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    const numberOf = new Map(rows.map((row) => [row.email, row.position]));
    expect(answers.map((answer) => [answer.position, answer.joinNumber, answer.alreadyJoined])).toEqual(
      emails.map((email) => [numberOf.get(email), numberOf.get(email), false]),
    );
    expect(new Set(answers.map((answer) => answer.referralCode)).size).toBe(30);
    const confirmations = await t.db
      .select({ key: mailMessages.idempotencyKey })
      .from(mailMessages)
      .where(like(mailMessages.idempotencyKey, "waitlist-confirm/%"));
    expect(confirmations).toHaveLength(31);
  });

  it("stores an address twice in one batch once, and welcomes the second join back", async () => {
    const deps = joinDeps();
    const [one, two] = await Promise.all([join(deps, "twice@example.com"), join(deps, "twice@example.com")]);
    expect([one!.alreadyJoined, two!.alreadyJoined].sort()).toEqual([false, true]);
    expect(one!.joinNumber).toBe(two!.joinNumber);
    expect(await t.db.select().from(waitlistEntries)).toHaveLength(1);
  });

  it("answers with the entry an address already has when it was stored after the join's own check", async () => {
    const first = await join(joinDeps(), "already@example.com");
    const joins = createWaitlistJoins(joinSettings());
    const stored = await joins.store(prepared("already@example.com"));
    const [row] = await t.db.select({ id: waitlistEntries.id }).from(waitlistEntries);
    expect(stored).toEqual({ created: false, id: row!.id });
    expect(first.joinNumber).toBe(1);
    expect(await t.db.select().from(waitlistEntries)).toHaveLength(1);
  });

  it("keeps the ranks contiguous when entries were deleted: a new entry ranks behind everyone still on the list", async () => {
    const deps = joinDeps();
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) await join(deps, email);
    await t.db.delete(waitlistEntries).where(like(waitlistEntries.email, "b@%"));
    const answers = await Promise.all([join(deps, "d@example.com"), join(deps, "e@example.com")]);
    // Either may reach the batch first: each answer must name the rank and the number its own entry took.
    expect(answers.map((answer) => [answer.position, answer.joinNumber]).sort((a, b) => a[1]! - b[1]!)).toEqual([
      [3, 4],
      [4, 5],
    ]);
  });

  it("fails only the join whose storing fails, and stores the others of its batch", async () => {
    const joins = createWaitlistJoins({ ...joinSettings(), settings: { ...t.deps.config.waitlist, confirm: false } });
    const results = await Promise.allSettled([
      joins.store(prepared("good-1@example.com")),
      joins.store(prepared("broken@example.com", "not-a-uuid")),
      joins.store(prepared("good-2@example.com")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const rows = await t.db
      .select({ email: waitlistEntries.email, position: waitlistEntries.position })
      .from(waitlistEntries)
      .orderBy(asc(waitlistEntries.position));
    expect(rows).toEqual([
      { email: "good-1@example.com", position: 1 },
      { email: "good-2@example.com", position: 2 },
    ]);
  });

  it.skipIf(!usesRealPostgres())("fails a whole batch at once, without trying each join again, while the database is away", async () => {
    const name = new URL(t.database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: withDatabase(t.database.url!, "postgres") });
    await admin.connect();
    try {
      await admin.query(`alter database "${name}" allow_connections false`);
      await terminateConnections(admin, name);
      const counting = countingTransactions(t.db);
      const joins = createWaitlistJoins(joinSettings(counting.db));
      const confirmation = { subject: "Confirm your address", html: "<p>Confirm</p>", text: "Confirm" };
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => joins.store({ ...prepared(`away-${i}@example.com`), confirmation })),
      );
      expect(results.map((result) => result.status)).toEqual(Array(5).fill("rejected"));
      expect(counting.transactions()).toBe(1);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`);
      await admin.end();
    }
    // Back: the next join is stored.
    expect(await join(joinDeps(), "back@example.com")).toMatchObject({ alreadyJoined: false });
  });
});
