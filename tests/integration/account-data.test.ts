import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { SavedImage } from "#common/images/images.ts";
import type { Experiment } from "#common/lab/lab.ts";
import { hashToken } from "#server/auth/tokens.ts";
import {
  builders,
  experimentUpdates,
  experiments,
  images,
  playbookChapters,
  playbookChecklistTicks,
  playbookRatings,
  sessions,
  users,
} from "#server/db/schema/index.ts";
import type { AccountExport } from "#server/features/account/export.ts";
import { builtClientDir, SSR_ENTRY } from "../helpers/built-client";
import { multipartRequest } from "../helpers/images";
import { useTestApp, type TestApp, type TestUser } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const clientDir = builtClientDir();
const t = useTestApp({ rateLimits: false, clientDir, ssrEntry: SSR_ENTRY });
// A second instance of the site on the same database (Postgres only): a deletion must reach its cached pages too.
const b = usesRealPostgres() ? useTestApp({ rateLimits: false, clientDir, ssrEntry: SSR_ENTRY, sameDatabaseAs: t }) : undefined;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a3" } })
    .png()
    .toBuffer();
});

const experimentInput = (title: string) => ({
  title,
  hypothesis: "People will pay for it",
  amount: 100,
  totalDays: 14,
  targetMetric: "First sale",
  visibility: "shared",
});

async function createExperiment(user: TestUser, title: string): Promise<Experiment> {
  const created = await t.trpcMutation<{ experiment: Experiment }>("lab.create", experimentInput(title), user.headers);
  expect(created.status, JSON.stringify(created.error)).toBe(200);
  const started = await t.trpcMutation("lab.move", { id: created.data.experiment.id, status: "running" }, user.headers);
  expect(started.status, JSON.stringify(started.error)).toBe(200);
  const update = await t.trpcMutation(
    "lab.addUpdate",
    { experimentId: created.data.experiment.id, note: "Posted twice", spend: 5, result: 0, attempts: 2 },
    user.headers,
  );
  expect(update.status, JSON.stringify(update.error)).toBe(200);
  return created.data.experiment;
}

async function upload(user: TestUser, experimentId: string): Promise<SavedImage> {
  const response = await t.inject(
    await multipartRequest("/api/images/upload", { bytes: png, name: "shot.png" }, { experimentId }, user.headers),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ image: SavedImage }>().image;
}

const storedKeys = async (user: TestUser) => (await t.deps.storage.list(`images/${user.user.id}/`)).map((object) => object.key);

async function chapterWithProgress(user: TestUser) {
  const [chapter] = await t.db
    .insert(playbookChapters)
    .values({
      title: "Find ten buyers",
      category: "Investment",
      description: "d",
      difficulty: "Beginner",
      status: "published",
      checklist: [{ id: "c1", text: "Ask", timeEstimate: "5m" }],
    })
    .returning();
  await t.db.insert(playbookChecklistTicks).values({ userId: user.user.id, chapterId: chapter!.id, itemId: "c1" });
  await t.db.insert(playbookRatings).values({ userId: user.user.id, chapterId: chapter!.id, rating: 4 });
  return chapter!;
}

/** A builder profile under the member's address, with an avatar uploaded through the join form's route. */
async function builderProfileFor(email: string) {
  const avatar = await t.inject(await multipartRequest("/api/builders/avatar", { bytes: png, name: "me.png" }));
  expect(avatar.statusCode, avatar.body).toBe(201);
  const { avatarUrl } = avatar.json<{ avatarUrl: string }>();
  const [row] = await t.db
    .insert(builders)
    .values({ name: "Ada", email, title: "Maker", tags: ["Developer"], avatarUrl, status: "approved", joinedAt: new Date() })
    .returning();
  return row!;
}
const avatarKey = (avatarUrl: string) => `avatars/${avatarUrl.split("/").pop()}.webp`;

describe("account.export", () => {
  it("holds the profile, experiments with updates, image records with links, ticks, ratings and sessions, and no hash or token", async () => {
    const member = await t.createUser("member");
    const experiment = await createExperiment(member, "Sticker shop");
    const image = await upload(member, experiment.id);
    await chapterWithProgress(member);

    const result = await t.trpcQuery<AccountExport>("account.export", undefined, member.headers);
    expect(result.status, JSON.stringify(result.error)).toBe(200);
    const data = result.data;
    expect(data.profile).toMatchObject({ id: member.user.id, email: member.user.email, name: member.user.name, role: "member" });
    expect(data.experiments).toHaveLength(1);
    expect(data.experiments[0]).toMatchObject({ title: "Sticker shop", status: "running", updates: [{ note: "Posted twice", spend: 5 }] });
    expect(data.images).toEqual([
      expect.objectContaining({ id: image.id, experimentId: experiment.id, url: `${t.deps.config.publicUrl}/uploads/images/${image.id}` }),
    ]);
    expect(data.playbook.checklistTicks).toEqual([expect.objectContaining({ chapter: "Find ten buyers", itemId: "c1" })]);
    expect(data.playbook.ratings).toEqual([expect.objectContaining({ chapter: "Find ten buyers", rating: 4 })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions.some((session) => session.current)).toBe(true);

    const text = JSON.stringify(data);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(text).not.toContain(row!.passwordHash);
    expect(text).not.toContain(member.token);
    expect(text).not.toContain(hashToken(member.token));
    expect(text).not.toMatch(/"id":"[0-9a-f]{64}"/);
    expect(text).not.toMatch(/fullKey|thumbnailKey|passwordHash/);

    // The same document over REST, for an API client.
    const rest = await t.inject({ method: "GET", url: "/api/account/export", headers: member.headers });
    expect(rest.statusCode).toBe(200);
    expect(rest.json<AccountExport>().profile.id).toBe(member.user.id);
    expect(data.builderProfile).toBeNull();
  });

  it("holds the account's builder profile with its fields as stored, and not one under an address the account has not proven", async () => {
    const member = await t.createUser("member");
    const row = await builderProfileFor(member.user.email);
    const result = await t.trpcQuery<AccountExport>("account.export", undefined, member.headers);
    expect(result.status, JSON.stringify(result.error)).toBe(200);
    expect(result.data.builderProfile).toEqual({
      id: row.id,
      name: "Ada",
      email: member.user.email,
      title: "Maker",
      bio: null,
      location: null,
      twitterHandle: null,
      websiteUrl: null,
      linkedinUrl: null,
      currentProject: null,
      tags: ["Developer"],
      avatarUrl: row.avatarUrl,
      status: "approved",
      joinedAt: row.joinedAt!.toISOString(),
      emailConfirmedAt: null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });

    const unproven = await t.createUser("member", { verified: false });
    await builderProfileFor(unproven.user.email);
    const other = await t.trpcQuery<AccountExport>("account.export", undefined, unproven.headers);
    expect(other.data.builderProfile).toBeNull();
  });
});

describe("account.delete", () => {
  it("erases the account, its sessions, experiments, updates, images and their stored files, ticks and ratings", async () => {
    const member = await t.createUser("member");
    const neighbour = await t.createUser("member");
    const experiment = await createExperiment(member, "Candle stall");
    await upload(member, experiment.id);
    await upload(member, "general");
    const kept = await upload(neighbour, "general");
    const chapter = await chapterWithProgress(member);
    expect(await storedKeys(member)).toHaveLength(4);

    const wrong = await t.trpcMutation("account.delete", { password: "wrong" }, member.headers);
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toBe("Your current password is not correct");
    expect(await storedKeys(member)).toHaveLength(4);

    const deleted = await t.trpcMutation("account.delete", { password: "correct-horse" }, member.headers);
    expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);
    expect(await storedKeys(member)).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect(await t.db.select().from(experiments).where(eq(experiments.ownerId, member.user.id))).toEqual([]);
    expect(await t.db.select().from(experimentUpdates).where(eq(experimentUpdates.experimentId, experiment.id))).toEqual([]);
    expect(await t.db.select().from(images).where(eq(images.ownerId, member.user.id))).toEqual([]);
    expect(await t.db.select().from(playbookChecklistTicks).where(eq(playbookChecklistTicks.chapterId, chapter.id))).toEqual([]);
    expect(await t.db.select().from(playbookRatings).where(eq(playbookRatings.chapterId, chapter.id))).toEqual([]);
    expect((await t.trpcQuery("account.sessions", undefined, member.headers)).status).toBe(401);
    expect((await t.inject({ method: "GET", url: `/lab/${experiment.id}` })).statusCode).toBe(404);
    // Another account's images and files stay.
    expect((await t.inject({ method: "GET", url: kept.url, headers: neighbour.headers })).statusCode).toBe(200);
  });

  it("erases the account's builder profile and its avatar file; a neighbour's profile and an avatar it shares stay", async () => {
    const member = await t.createUser("member");
    const neighbour = await t.createUser("member");
    const profile = await builderProfileFor(member.user.email);
    const other = await builderProfileFor(neighbour.user.email);
    const sharing = await t.createUser("member");
    await t.db.insert(builders).values({ name: "Copy", email: sharing.user.email, avatarUrl: other.avatarUrl });
    expect(await t.deps.storage.head(avatarKey(profile.avatarUrl!))).not.toBeNull();

    expect((await t.trpcMutation("account.delete", { password: "correct-horse" }, member.headers)).status).toBe(200);
    expect(await t.db.select().from(builders).where(eq(builders.id, profile.id))).toEqual([]);
    expect(await t.deps.storage.head(avatarKey(profile.avatarUrl!))).toBeNull();
    expect((await t.inject({ method: "GET", url: profile.avatarUrl! })).statusCode).toBe(404);

    expect((await t.trpcMutation("account.delete", { password: "correct-horse" }, sharing.headers)).status).toBe(200);
    expect(await t.db.select().from(builders).where(eq(builders.id, other.id))).toHaveLength(1);
    expect((await t.inject({ method: "GET", url: other.avatarUrl! })).statusCode).toBe(200);
  });

  it("refuses to delete the last owner, and lets an owner go once another owner exists", async () => {
    const owner = await t.createUser("owner");
    await t.db.update(users).set({ role: "admin" }).where(eq(users.role, "owner"));
    await t.db.update(users).set({ role: "owner" }).where(eq(users.id, owner.user.id));
    const refused = await t.trpcMutation("account.delete", { password: "correct-horse" }, owner.headers);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe("This is the site's last owner: make another account an owner first.");
    expect(await t.db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);

    await t.createUser("owner");
    expect((await t.trpcMutation("account.delete", { password: "correct-horse" }, owner.headers)).status).toBe(200);
  });
});

describe("lab.delete", () => {
  const sharedPage = async (app: TestApp, id: string) => (await app.inject({ method: "GET", url: `/lab/${id}` })).statusCode;

  it("deletes an experiment with its updates and images, files included; its shared page answers 404 at once on every instance", async () => {
    const member = await t.createUser("member");
    const stranger = await t.createUser("member");
    const experiment = await createExperiment(member, "Plant swap");
    const other = await createExperiment(member, "Other one");
    const image = await upload(member, experiment.id);
    const keptImage = await upload(member, other.id);
    expect(await sharedPage(t, experiment.id)).toBe(200);
    if (b) expect(await sharedPage(b, experiment.id)).toBe(200);

    const notTheirs = await t.trpcMutation("lab.delete", { id: experiment.id }, stranger.headers);
    expect(notTheirs.status).toBe(404);

    const deleted = await t.trpcMutation("lab.delete", { id: experiment.id }, member.headers);
    expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);
    expect(await sharedPage(t, experiment.id)).toBe(404);
    if (b) await expect.poll(() => sharedPage(b, experiment.id), { timeout: 1000, interval: 20 }).toBe(404);
    expect(await t.db.select().from(experimentUpdates).where(eq(experimentUpdates.experimentId, experiment.id))).toEqual([]);
    expect(await t.db.select().from(images).where(eq(images.id, image.id))).toEqual([]);
    const keys = await storedKeys(member);
    expect(keys.some((key) => key.includes(image.id))).toBe(false);
    expect(keys.filter((key) => key.includes(keptImage.id))).toHaveLength(2);
    expect(await sharedPage(t, other.id)).toBe(200);
  });
});
