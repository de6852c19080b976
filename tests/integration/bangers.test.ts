import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Banger, BangerCampaignResult, BangerList, BangerResult } from "#common/bangers/bangers.ts";
import { bangers } from "#server/db/schema/index.ts";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });
const json = { "content-type": "application/json" };

let admin: TestUser;
beforeEach(async () => {
  await t.db.delete(bangers);
  admin ??= await t.createUser("admin");
});

const post = (body: unknown, headers: Record<string, string> = admin.headers) =>
  t.inject({ method: "POST", url: "/api/content/bangers", headers: { ...json, ...headers }, payload: JSON.stringify(body) });
const list = async (query = "") => {
  const response = await t.inject({ method: "GET", url: `/api/content/bangers${query}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BangerList>();
};
const create = async (body: Record<string, unknown>): Promise<Banger> => {
  const response = await post({ type: "tweet", title: "A banger", content: "Hello", ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BangerResult>().banger;
};
const setStatus = (input: Record<string, unknown>) => t.trpcMutation<BangerResult>("bangers.setStatus", input, admin.headers);
const update = (input: Record<string, unknown>) => t.trpcMutation<BangerResult>("bangers.update", input, admin.headers);

describe("content bangers: who may call", () => {
  it("lets only admins and owners list, create and delete over REST", async () => {
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/content/bangers?action=list" });
    await expectAdminOnlyRest(t, {
      method: "POST",
      url: "/api/content/bangers",
      headers: json,
      payload: JSON.stringify({ type: "blog", title: "Mine" }),
    });
    const ids = new Map<string, string>();
    for (const caller of ["anonymous", "member", "owner", "admin"]) ids.set(caller, (await create({ title: caller })).id);
    await expectAdminOnlyRest(t, (caller) => ({ method: "DELETE", url: `/api/content/bangers?id=${ids.get(caller)}` }));
    // The anonymous caller's and the member's targets are still there.
    expect((await list()).bangers.map((banger) => banger.title).sort()).toEqual(["Mine", "Mine", "anonymous", "member"]);
  });

  it("lets only admins and owners call every bangers procedure", async () => {
    const target = async () => (await create({})).id;
    await expectAdminOnlyProcedure(t, { type: "query", path: "bangers.list", input: {} });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "bangers.create", input: { type: "tweet", title: "x" } });
    await expectAdminOnlyProcedure(t, {
      type: "mutation",
      path: "bangers.update",
      inputFor: async () => ({ id: await target(), type: "tweet", title: "y" }),
    });
    await expectAdminOnlyProcedure(t, {
      type: "mutation",
      path: "bangers.setStatus",
      inputFor: async () => ({ id: await target(), status: "ready" }),
    });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "bangers.delete", inputFor: async () => ({ id: await target() }) });
    await expectAdminOnlyProcedure(t, { type: "query", path: "bangers.campaign", inputFor: async () => ({ id: await target() }) });
  });
});

describe("POST /api/content/bangers", () => {
  it("creates a draft when no status is given, with the platform defaulting to the type and a short campaign id", async () => {
    const response = await post({
      type: "thread",
      title: "  Why $100  ",
      content: "One\n\nTwo",
      tags: [" growth ", "", "lab"],
      metadata: { hook: "numbers" },
    });
    expect(response.statusCode).toBe(201);
    const { banger } = response.json<BangerResult>();
    expect(banger).toMatchObject({
      type: "thread",
      status: "draft",
      title: "Why $100",
      content: "One\n\nTwo",
      tags: ["growth", "lab"],
      metadata: { hook: "numbers", platform: "thread" },
      postedUrl: null,
      postedAt: null,
    });
    expect(banger.campaign).toMatch(/^[a-z2-7]{8}$/);
    expect(banger.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(banger.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const other = await create({ metadata: { platform: "x" } });
    expect(other.metadata.platform).toBe("x");
    expect(other.campaign).not.toBe(banger.campaign);
  });

  it("refuses bad input with a clear message, never a 500", async () => {
    const cases: Array<[unknown, string]> = [
      [{ type: "poem", title: "x" }, "Type must be one of: thread, linkedin, tweet, blog, chapter"],
      [{ type: "tweet", title: "   " }, "Title is required"],
      [{ type: "tweet", title: "x", tags: "a,b" }, "Tags must be a list of texts"],
      [
        { type: "tweet", title: "x", metadata: { platform: "x com/<b>" } },
        "Platform must be a short name: letters, digits, dots, dashes or underscores",
      ],
      [{ type: "tweet", title: "x", status: "live" }, "Status must be one of: draft, ready, posted"],
      [{ type: "tweet", title: "x", status: "posted" }, "Create the banger first, then mark it posted with the post's URL"],
      [
        { type: "tweet", title: "x", status: "ready", content: "a".repeat(281) },
        "A Tweet can have at most 280 characters; this one has 281",
      ],
      [{ type: "tweet", title: "x\u0000" }, "Title must not contain control characters or invalid Unicode"],
      [[], "Request body must be a JSON object"],
    ];
    for (const [body, error] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    expect((await list()).summary.total).toBe(0);
  });

  it("creates a ready banger directly when it fits", async () => {
    expect((await create({ status: "ready", content: "a".repeat(280) })).status).toBe("ready");
  });
});

describe("GET /api/content/bangers", () => {
  it("filters by type and status, newest first, and counts every banger in the summary", async () => {
    const first = await create({ type: "tweet", title: "one" });
    const second = await create({ type: "thread", title: "two" });
    const third = await create({ type: "linkedin", title: "three", status: "ready" });
    await setStatus({ id: first.id, status: "ready" });
    // Explicit times, an hour apart in the order created: rows made within one clock tick tie on createdAt.
    for (const [hour, id] of [first.id, second.id, third.id].entries())
      await t.db
        .update(bangers)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, hour)) })
        .where(eq(bangers.id, id));

    const all = await list();
    expect(all.bangers.map((banger) => banger.title)).toEqual(["three", "two", "one"]);
    expect(all.summary).toEqual({
      total: 3,
      byType: { thread: 1, linkedin: 1, tweet: 1, blog: 0, chapter: 0 },
      byStatus: { draft: 1, ready: 2, posted: 0 },
    });
    expect(await list("?action=list")).toEqual(all);
    // The dashboard's Quick Action counts the same.
    expect((await t.trpcQuery<{ bangers: unknown }>("admin.overview", undefined, admin.headers)).data.bangers).toEqual({
      drafts: 1,
      ready: 2,
      draftTweets: 0,
    });
    expect((await list("?status=ready")).bangers.map((banger) => banger.title)).toEqual(["three", "one"]);
    expect((await list("?type=tweet&status=ready")).bangers.map((banger) => banger.title)).toEqual(["one"]);
    expect((await list("?type=&status=")).bangers).toHaveLength(3);
    const filtered = await list("?type=blog");
    expect(filtered.bangers).toEqual([]);
    expect(filtered.summary.total).toBe(3);

    const bad = await t.inject({ method: "GET", url: "/api/content/bangers?status=live", headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Status must be one of: draft, ready, posted" });
  });

  it("orders bangers created at the same time by id, newest first", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await create({ title: `tied ${i}` })).id);
    await t.db.update(bangers).set({ createdAt: new Date("2026-01-01T12:00:00.123Z") });
    const expected = [...ids].sort().reverse();
    expect((await list()).bangers.map((banger) => banger.id)).toEqual(expected);
    expect((await list("?type=tweet")).bangers.map((banger) => banger.id)).toEqual(expected);
  });

  it("answers the same list through tRPC", async () => {
    await create({ type: "blog", title: "blog" });
    const result = await t.trpcQuery<BangerList>("bangers.list", { type: "blog" }, admin.headers);
    expect(result.status).toBe(200);
    expect(result.data).toEqual(await list("?type=blog"));
  });
});

describe("DELETE /api/content/bangers?id=", () => {
  it("deletes one banger; an unknown id is 404 and a malformed one 400", async () => {
    const banger = await create({});
    const response = await t.inject({ method: "DELETE", url: `/api/content/bangers?id=${banger.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: { id: banger.id } });
    expect((await list()).summary.total).toBe(0);
    const again = await t.inject({ method: "DELETE", url: `/api/content/bangers?id=${banger.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "Banger not found" });
    const malformed = await t.inject({ method: "DELETE", url: "/api/content/bangers?id=12", headers: admin.headers });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "Banger id must be a UUID" });
  });

  it("deletes through tRPC too", async () => {
    const banger = await create({});
    expect((await t.trpcMutation("bangers.delete", { id: banger.id }, admin.headers)).data).toEqual({ deleted: { id: banger.id } });
    const missing = await t.trpcMutation("bangers.delete", { id: randomUUID() }, admin.headers);
    expect(missing.error?.data.code).toBe("NOT_FOUND");
  });
});

describe("bangers.create and bangers.update", () => {
  it("creates through tRPC and edits the text, type, tags and metadata", async () => {
    const created = await t.trpcMutation<BangerResult>("bangers.create", { type: "tweet", title: "Draft", content: "v1" }, admin.headers);
    expect(created.data.banger.status).toBe("draft");
    const id = created.data.banger.id;
    const edited = await update({ id, type: "linkedin", title: "Edited", content: "v2", tags: ["a"], metadata: { audience: "founders" } });
    expect(edited.status).toBe(200);
    expect(edited.data.banger).toMatchObject({
      type: "linkedin",
      title: "Edited",
      content: "v2",
      tags: ["a"],
      metadata: { audience: "founders", platform: "linkedin" },
    });
    expect(edited.data.banger.campaign).toBe(created.data.banger.campaign);
    const missing = await update({ id: randomUUID(), type: "tweet", title: "x" });
    expect(missing.error?.data.code).toBe("NOT_FOUND");
  });

  it("keeps a ready banger within its limit: an edit past it is refused", async () => {
    const banger = await create({ status: "ready", content: "short" });
    const refused = await update({ id: banger.id, type: "tweet", title: "x", content: "a".repeat(281) });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe("A Tweet can have at most 280 characters; this one has 281");
    // A draft may be as long as it likes while it is written.
    const draft = await create({});
    expect((await update({ id: draft.id, type: "tweet", title: "x", content: "a".repeat(400) })).status).toBe(200);
  });
});

describe("bangers.setStatus: the status machine", () => {
  it("moves draft -> ready -> posted (recording the post's URL and time) and back to draft", async () => {
    const banger = await create({ content: "Ship it." });
    expect((await setStatus({ id: banger.id, status: "ready" })).data.banger.status).toBe("ready");
    const before = Date.now();
    const posted = (await setStatus({ id: banger.id, status: "posted", postedUrl: "https://x.com/lab/status/1" })).data.banger;
    expect(posted).toMatchObject({ status: "posted", postedUrl: "https://x.com/lab/status/1" });
    expect(new Date(posted.postedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const back = (await setStatus({ id: banger.id, status: "draft" })).data.banger;
    expect(back).toMatchObject({ status: "draft", postedUrl: null, postedAt: null });
    expect((await setStatus({ id: banger.id, status: "ready" })).data.banger.status).toBe("ready");
    expect((await setStatus({ id: banger.id, status: "draft" })).data.banger.status).toBe("draft");
  });

  it("refuses moves the machine does not have, and posting without an http(s) URL", async () => {
    const banger = await create({ content: "Ship it." });
    const skip = await setStatus({ id: banger.id, status: "posted", postedUrl: "https://x.com/1" });
    expect(skip.status).toBe(400);
    expect(skip.error?.message).toBe("A banger cannot move from draft to posted");
    const same = await setStatus({ id: banger.id, status: "draft" });
    expect(same.error?.message).toBe("A banger cannot move from draft to draft");

    await setStatus({ id: banger.id, status: "ready" });
    for (const [postedUrl, message] of [
      [undefined, "Post URL is required"],
      ["javascript:alert(1)", "Post URL must be an http:// or https:// address"],
      ["x.com/lab/status/1", "Post URL must be an http:// or https:// address"],
    ] as const) {
      const refused = await setStatus({ id: banger.id, status: "posted", postedUrl });
      expect(refused.status, String(postedUrl)).toBe(400);
      expect(refused.error?.message).toBe(message);
    }
    await setStatus({ id: banger.id, status: "posted", postedUrl: "https://x.com/1" });
    expect((await setStatus({ id: banger.id, status: "ready" })).error?.message).toBe("A banger cannot move from posted to ready");
    expect((await setStatus({ id: randomUUID(), status: "ready" })).error?.data.code).toBe("NOT_FOUND");
  });

  it("refuses ready for a 281-character tweet, a thread with one long post, a long LinkedIn post and empty content", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: "tweet", content: "a".repeat(281) }, "A Tweet can have at most 280 characters; this one has 281"],
      [
        { type: "thread", content: `Fine.\n\n${"b".repeat(281)}\n\nAlso fine.` },
        "Post 2 of the thread is 281 characters; each post can have at most 280",
      ],
      [{ type: "linkedin", content: "c".repeat(3001) }, "A LinkedIn can have at most 3,000 characters; this one has 3,001"],
      [{ type: "blog", content: "   " }, "Write some content before marking it ready"],
    ];
    for (const [fields, message] of cases) {
      const banger = await create(fields);
      const refused = await setStatus({ id: banger.id, status: "ready" });
      expect(refused.status, message).toBe(400);
      expect(refused.error?.message).toBe(message);
      const [row] = await t.db.select({ status: bangers.status }).from(bangers).where(eq(bangers.id, banger.id));
      expect(row?.status).toBe("draft");
    }
    // At the limit is fine: 280 characters, emoji counted as one each, and a thread of 280-character posts.
    for (const fields of [
      { type: "tweet", content: "🇫🇷".repeat(280) },
      { type: "thread", content: `${"a".repeat(280)}\n\n${"b".repeat(280)}` },
    ]) {
      const banger = await create(fields);
      expect((await setStatus({ id: banger.id, status: "ready" })).data.banger.status).toBe("ready");
    }
  });
});

describe("bangers.campaign", () => {
  it("gives the tagged link at once, and zero figures until the banger is posted", async () => {
    const banger = await create({ type: "thread", metadata: { platform: "x" } });
    const result = await t.trpcQuery<BangerCampaignResult>("bangers.campaign", { id: banger.id }, admin.headers);
    expect(result.data).toEqual({
      campaign: banger.campaign,
      link: `${t.deps.config.publicUrl.replace(/\/$/, "")}/?utm_source=x&utm_medium=social&utm_campaign=${banger.campaign}`,
      since: null,
      figures: { visitors: 0, joins: 0 },
    });
  });
});
