import { randomUUID } from "node:crypto";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import type {
  ChapterCard,
  ChapterDetail,
  ChapterDraft,
  ChecklistProgress,
  PlaybookBrowseResult,
  RateResult,
} from "#common/playbook/playbook.ts";
import type { ChapterValues } from "#common/playbook/input.ts";
import { playbookPdfPath } from "#common/playbook/playbook.ts";
import { STARTER_CHAPTERS } from "#server/features/playbook/starter-chapters.ts";
import { expectAdminOnlyProcedure } from "../helpers/authorization";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });

let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  admin = await t.createUser("admin");
  member = await t.createUser("member");
});

const chapter = (overrides: Partial<ChapterValues> = {}): ChapterValues => ({
  title: "Ship a $100 landing page",
  category: "Product Strategy",
  description: "Test an offer before you build it.",
  body: "## Why\n\nBecause **evidence** beats opinions. See [the docs](https://example.com).",
  difficulty: "Beginner",
  tools: ["Carrd", "Plausible"],
  keyTakeaways: ["Test the offer, not the product"],
  checklist: [
    { text: "Write the headline", timeEstimate: "10 min" },
    { text: "Publish the page", timeEstimate: "1 hour" },
    { text: "Buy the ads", timeEstimate: "" },
  ],
  status: "published",
  ...overrides,
});

const create = async (overrides: Partial<ChapterValues> = {}) => {
  const result = await t.trpcMutation<ChapterDraft>("playbook.create", chapter(overrides), admin.headers);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data;
};
const browse = async (input: Record<string, unknown> = {}, user = member) => {
  const result = await t.trpcQuery<PlaybookBrowseResult>("playbook.browse", input, user.headers);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data;
};
const read = (id: string, user = member) => t.trpcQuery<ChapterDetail>("playbook.chapter", { id }, user.headers);
const toggle = (chapterId: string, itemId: string, done: boolean, user = member) =>
  t.trpcMutation<ChecklistProgress>("playbook.toggleChecklistItem", { chapterId, itemId, done }, user.headers);
const rate = (chapterId: string, rating: number, user = member) =>
  t.trpcMutation<RateResult>("playbook.rate", { chapterId, rating }, user.headers);
const titles = (chapters: ChapterCard[]) => chapters.map((card) => card.title);

describe("playbook: who may call", () => {
  // Every playbook procedure's gate is also in authorization-matrix.test.ts; here the writes run to the end.
  it("keeps authoring to admins and owners", async () => {
    const ids = new Map<string, string>();
    for (const caller of ["anonymous", "member", "owner", "admin"])
      ids.set(caller, (await create({ title: `Target ${caller}`, status: "draft" })).id);
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "playbook.create", input: chapter({ status: "draft" }) });
    await expectAdminOnlyProcedure(t, {
      type: "mutation",
      path: "playbook.update",
      input: { id: ids.get("admin"), ...chapter({ status: "draft" }) },
    });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "playbook.delete", inputFor: (caller) => ({ id: ids.get(caller) }) });
    // The anonymous caller's and the member's targets are still there.
    for (const caller of ["anonymous", "member"])
      expect((await t.trpcQuery("playbook.draft", { id: ids.get(caller) }, admin.headers)).status).toBe(200);
  });

  it("asks anonymous callers to sign in for every member procedure and the PDF", async () => {
    const id = (await create()).id;
    for (const [path, input] of [
      ["playbook.browse", {}],
      ["playbook.chapter", { id }],
    ] as const) {
      expect((await t.trpcQuery(path, input)).status).toBe(401);
    }
    expect((await t.trpcMutation("playbook.toggleChecklistItem", { chapterId: id, itemId: "x", done: true })).status).toBe(401);
    expect((await t.trpcMutation("playbook.rate", { chapterId: id, rating: 4 })).status).toBe(401);
    const pdf = await t.inject({ method: "GET", url: playbookPdfPath(id) });
    expect(pdf.statusCode).toBe(401);
    expect(pdf.json()).toEqual({ error: "You need to sign in" });
  });
});

describe("playbook: authoring", () => {
  it("creates, edits (keeping checklist ids), changes status and deletes a chapter", async () => {
    const created = await create({ status: "draft" });
    expect(created.checklist).toHaveLength(3);
    const [first, second] = created.checklist;
    expect(first!.id).toMatch(/^[a-z0-9]{10}$/);

    const edited = await t.trpcMutation<ChapterDraft>(
      "playbook.update",
      { ...chapter(), id: created.id, title: "Renamed", checklist: [second, { text: "A new step", timeEstimate: "5 min" }, first] },
      admin.headers,
    );
    expect(edited.status).toBe(200);
    expect(edited.data.title).toBe("Renamed");
    expect(edited.data.checklist.map((item) => item.text)).toEqual(["Publish the page", "A new step", "Write the headline"]);
    expect(edited.data.checklist[0]!.id).toBe(second!.id);
    expect(edited.data.checklist[2]!.id).toBe(first!.id);

    const moved = await t.trpcMutation<ChapterDraft>("playbook.setStatus", { id: created.id, status: "coming_soon" }, admin.headers);
    expect(moved.data.status).toBe("coming_soon");
    expect((await t.trpcQuery<ChapterDraft>("playbook.draft", { id: created.id }, admin.headers)).data.status).toBe("coming_soon");

    expect((await t.trpcMutation("playbook.delete", { id: created.id }, admin.headers)).status).toBe(200);
    expect((await t.trpcQuery("playbook.draft", { id: created.id }, admin.headers)).status).toBe(404);
    expect((await t.trpcMutation("playbook.delete", { id: created.id }, admin.headers)).status).toBe(404);
  });

  it("refuses bad chapters with a clear message", async () => {
    const cases: Array<[Partial<ChapterValues> | Record<string, unknown>, string]> = [
      [{ title: "  " }, "Title is required"],
      [
        { category: "Crypto" },
        "Category must be one of: Social Media, Investment, Product Strategy, Design, AI Strategy, Technical Guide, Security",
      ],
      [{ difficulty: "Expert" }, "Difficulty must be one of: Beginner, Intermediate, Advanced"],
      [{ status: "live" }, "Status must be Published, Coming Soon or Draft"],
      [{ checklist: [{ text: "", timeEstimate: "" }] }, "Each checklist item is required"],
    ];
    for (const [overrides, message] of cases) {
      const result = await t.trpcMutation("playbook.create", { ...chapter(), ...overrides }, admin.headers);
      expect(result.status).toBe(400);
      expect(result.error?.message).toBe(message);
    }
  });
});

describe("playbook: what members see", () => {
  it("hides drafts (404), lists Coming Soon without its body, and searches title, description and body", async () => {
    const published = await create({ title: "Zebra pricing", category: "Investment", body: "The word kumquat lives only in this body." });
    const draft = await create({ title: "Zebra secret draft", status: "draft" });
    const soon = await create({ title: "Zebra soon", status: "coming_soon", description: "Arrives next month" });

    const list = await browse({ search: "zebra" });
    expect(titles(list.chapters)).toEqual(["Zebra pricing", "Zebra soon"]);
    expect(list.startersAvailable).toBe(false);
    expect(titles((await browse({ search: "KUMQUAT" })).chapters)).toEqual(["Zebra pricing"]);
    expect(titles((await browse({ search: "next month" })).chapters)).toEqual(["Zebra soon"]);
    expect(titles((await browse({ search: "zebra", category: "Investment" })).chapters)).toEqual(["Zebra pricing"]);
    expect((await browse({ search: "100%_nothing" })).chapters).toEqual([]);

    expect((await read(draft.id)).status).toBe(404);
    expect((await read(soon.id)).status).toBe(404);
    expect((await t.inject({ method: "GET", url: playbookPdfPath(draft.id), headers: member.headers })).statusCode).toBe(404);
    expect((await toggle(draft.id, draft.checklist[0]!.id, true)).status).toBe(404);
    expect((await rate(draft.id, 5)).status).toBe(404);

    // Admins see every status in the back office, and can read a draft as members will see it.
    const adminList = await t.trpcQuery<PlaybookBrowseResult>("playbook.adminList", { search: "zebra" }, admin.headers);
    expect(titles(adminList.data.chapters)).toEqual(["Zebra pricing", "Zebra secret draft", "Zebra soon"]);
    expect((await read(draft.id, admin)).status).toBe(200);

    const detail = await read(published.id);
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({
      title: "Zebra pricing",
      readTimeMinutes: 1,
      downloads: 0,
      rating: { average: null, count: 0 },
      myRating: null,
      completedItemIds: [],
    });
  });

  it("searches a body only where the reader may open the chapter: a member cannot probe drafts or Coming Soon bodies", async () => {
    await create({ title: "Oracle soon", status: "coming_soon", description: "Later", body: "The word xylophonist hides in this body." });
    await create({ title: "Oracle draft", status: "draft", body: "The word quetzalcoatl hides in this body." });
    for (const word of ["xylophonist", "quetzalcoatl"]) {
      const found = await browse({ search: word });
      expect(found.chapters).toEqual([]);
      // Nothing else in the answer moves with the hidden word either.
      expect(found.stats).toEqual((await browse({ search: "no-such-word-anywhere" })).stats);
      expect((await browse({ search: word, category: "Product Strategy" })).chapters).toEqual([]);
    }
    // Admins read every status: they find both, as before.
    const admins = await t.trpcQuery<PlaybookBrowseResult>("playbook.adminList", { search: "hides in this body" }, admin.headers);
    expect(titles(admins.data.chapters)).toEqual(expect.arrayContaining(["Oracle soon", "Oracle draft"]));
    const adminBrowse = await t.trpcQuery<PlaybookBrowseResult>("playbook.browse", { search: "xylophonist" }, admin.headers);
    expect(titles(adminBrowse.data.chapters)).toEqual(["Oracle soon"]);
  });

  it("computes the stats: published chapters and distinct member readers", async () => {
    const before = (await browse()).stats;
    const one = await create({ title: "Stats one" });
    const two = await create({ title: "Stats two" });
    await create({ title: "Stats draft", status: "draft" });
    const reader = await t.createUser("member");
    await read(one.id, reader);
    await read(two.id, reader);
    await read(one.id, reader);
    await read(one.id, admin); // admins checking chapters are not readers
    const after = (await browse()).stats;
    expect(after.chapters).toBe(before.chapters + 2);
    expect(after.readers).toBe(before.readers + 1);
  });

  it("computes the read time from the body", async () => {
    const long = await create({ title: "Long read", body: "word ".repeat(1001) });
    expect((await read(long.id)).data.readTimeMinutes).toBe(6);
  });
});

describe("playbook: checklist and ratings", () => {
  it("saves each tick on the server per member, so another session sees it", async () => {
    const { id, checklist } = await create({ title: "Checklist chapter" });
    const [a, b, c] = checklist.map((item) => item.id);
    expect((await toggle(id, a!, true)).data.completedItemIds).toEqual([a]);
    expect((await toggle(id, c!, true)).data.completedItemIds).toEqual([a, c]);
    expect((await toggle(id, c!, true)).data.completedItemIds).toEqual([a, c]);
    expect((await toggle(id, a!, false)).data.completedItemIds).toEqual([c]);
    expect((await toggle(id, "nosuchitem", true)).status).toBe(404);

    const otherDevice = {
      authorization: `Bearer ${(await t.createUser("member", { email: `device-${randomUUID()}@example.com` })).token}`,
    };
    expect((await t.trpcQuery<ChapterDetail>("playbook.chapter", { id }, otherDevice)).data.completedItemIds).toEqual([]);
    const sameMemberElsewhere = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: member.user.email, password: "correct-horse" }),
    });
    const token = sameMemberElsewhere.json<{ token: string }>().token;
    expect(
      (await t.trpcQuery<ChapterDetail>("playbook.chapter", { id }, { authorization: `Bearer ${token}` })).data.completedItemIds,
    ).toEqual([c]);
    expect(b).toBeDefined();
  });

  it("shows Not rated yet below three ratings, then the mean; a member's second rating replaces the first", async () => {
    const { id } = await create({ title: "Rated chapter" });
    const [second, third] = [await t.createUser("member"), await t.createUser("member")];
    expect((await rate(id, 5)).data).toEqual({ myRating: 5, rating: { average: null, count: 1 } });
    expect((await rate(id, 2)).data).toEqual({ myRating: 2, rating: { average: null, count: 1 } });
    expect((await rate(id, 4, second)).data.rating).toEqual({ average: null, count: 2 });
    expect((await rate(id, 5, third)).data.rating).toEqual({ average: 3.7, count: 3 });
    expect((await read(id)).data).toMatchObject({ myRating: 2, rating: { average: 3.7, count: 3 } });
    const card = (await browse({ search: "Rated chapter" })).chapters[0]!;
    expect(card.rating).toEqual({ average: 3.7, count: 3 });
    const refused = await rate(id, 6);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe("Rating must be from 1 to 5");
  });
});

describe("playbook: PDF and starters", () => {
  it("streams a PDF with the title, body and checklist, and counts the download", async () => {
    const { id } = await create({ title: "Printable Chapter", body: "# Heading\n\nA paragraph about **margins**.\n\n- one\n- two" });
    const response = await t.inject({ method: "GET", url: playbookPdfPath(id), headers: member.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="printable-chapter.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain("Printable Chapter");
    expect(text).toContain("A paragraph about margins.");
    expect(text).toContain("Publish the page");
    expect((await read(id)).data.downloads).toBe(1);
    expect((await t.inject({ method: "GET", url: "/api/playbook/chapters/not-a-uuid/pdf", headers: member.headers })).json()).toEqual({
      error: "Chapter id must be a UUID",
    });
  });

  it("adds the starter chapters once", async () => {
    expect((await t.trpcQuery<PlaybookBrowseResult>("playbook.adminList", {}, admin.headers)).data.startersAvailable).toBe(true);
    const added = await t.trpcMutation("playbook.addStarters", undefined, admin.headers);
    expect(added.data).toEqual({ added: STARTER_CHAPTERS.length });
    const again = await t.trpcMutation("playbook.addStarters", undefined, admin.headers);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe("The starter chapters were already added");
    const list = await t.trpcQuery<PlaybookBrowseResult>("playbook.adminList", {}, admin.headers);
    expect(list.data.startersAvailable).toBe(false);
    const starterTitles = STARTER_CHAPTERS.map((starter) => starter.title);
    expect(titles(list.data.chapters).filter((title) => starterTitles.includes(title))).toEqual(starterTitles);
    for (const starter of STARTER_CHAPTERS) expect(starter.checklist.length).toBeGreaterThan(0);
  });
});
