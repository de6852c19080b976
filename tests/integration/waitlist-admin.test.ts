import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { WaitlistAdminList, WaitlistStats } from "#common/waitlist/admin.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };
const HOUR = 60 * 60 * 1000;

type Seed = {
  name?: string | null;
  email: string;
  interests?: string[];
  source?: string;
  country?: string | null;
  city?: string | null;
  hoursAgo?: number;
};

/**
 * Puts entries straight into the table at positions 1, 2, 3... (or from `from`), joined `hoursAgo` before now
 * (by default an hour apart, oldest first), so times and positions are known.
 */
async function seed(entries: Seed[], from = 1) {
  const now = Date.now();
  const rows = await t.db
    .insert(waitlistEntries)
    .values(
      entries.map((entry, index) => ({
        position: from + index,
        email: entry.email,
        name: entry.name ?? null,
        interests: entry.interests ?? [],
        source: entry.source ?? "homepage",
        country: entry.country ?? null,
        city: entry.city ?? null,
        createdAt: new Date(now - (entry.hoursAgo ?? entries.length - index) * HOUR),
      })),
    )
    .returning();
  return rows;
}

const PEOPLE: Seed[] = [
  {
    name: "Ada Lovelace",
    email: "ada@example.com",
    interests: ["Analytics", "Angel Investing"],
    country: "GB",
    city: "London",
    hoursAgo: 24 * 10,
  },
  { name: "grace hopper", email: "grace@navy.example", interests: ["Tool Building"], country: "US", city: "Arlington", hoursAgo: 24 * 5 },
  { name: null, email: "anon@example.org", interests: ["Analytics"], hoursAgo: 30 },
  {
    name: "Édouard Lucas",
    email: "edouard@example.fr",
    interests: ["Analytics", "Community"],
    country: "FR",
    source: "debug",
    hoursAgo: 20,
  },
  { name: "Bob_Percent%", email: "bob@percent.example", interests: [], country: "DE", city: "Berlin", hoursAgo: 2 },
  { name: "Carla", email: "carla@example.com", interests: ["Community"], source: "admin", hoursAgo: 1 },
];

let admin: TestUser;
const asAdmin = () => admin.headers;

beforeEach(async () => {
  await t.db.delete(waitlistEntries);
  admin ??= await t.createUser("admin");
});

const list = async (query = "") => {
  const response = await t.inject({ method: "GET", url: `/api/waitlist/admin${query}`, headers: asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as WaitlistAdminList;
};
const positionsOf = (body: WaitlistAdminList) => body.entries.map((entry) => entry.position);

describe("waitlist admin: who may call", () => {
  it("lets only admins and owners read the list, the stats and the export, over REST", async () => {
    await seed(PEOPLE);
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/waitlist/admin" });
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/waitlist/admin?page=1&pageSize=10&q=ada&sort=name&order=asc" });
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/waitlist/stats" });
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/waitlist/export" });
  });

  it("lets only admins and owners delete an entry, over REST", async () => {
    const rows = await seed(PEOPLE);
    const ids = new Map(rows.map((row, index) => [["anonymous", "member", "owner", "admin"][index], row.id]));
    await expectAdminOnlyRest(t, (caller) => ({ method: "DELETE", url: `/api/waitlist/admin?id=${ids.get(caller)}` }));
    const left = await t.db.select({ email: waitlistEntries.email }).from(waitlistEntries);
    // The anonymous and member calls deleted nothing; the owner's and the admin's did.
    expect(left.map((row) => row.email).sort()).toEqual([
      "ada@example.com",
      "bob@percent.example",
      "carla@example.com",
      "grace@navy.example",
    ]);
  });

  it("lets only admins and owners call the tRPC procedures", async () => {
    const rows = await seed(PEOPLE);
    await expectAdminOnlyProcedure(t, { type: "query", path: "waitlist.adminList", input: { page: 1, pageSize: 10 } });
    await expectAdminOnlyProcedure(t, { type: "query", path: "waitlist.adminStats" });
    const ids = new Map(rows.map((row, index) => [["anonymous", "member", "owner", "admin"][index], row.id]));
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "waitlist.adminDelete", inputFor: (caller) => ({ id: ids.get(caller) }) });
    expect(await t.db.$count(waitlistEntries)).toBe(PEOPLE.length - 2);
  });

  it("opens nothing with the dev and debug parameters: anonymous is still 401, a member still 403", async () => {
    await seed(PEOPLE);
    const anonymous = await t.inject({ method: "GET", url: "/api/waitlist/admin?dev=1&debug=1" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain("example");
    const member = await t.createUser("member");
    expect((await t.inject({ method: "GET", url: "/api/waitlist/admin?dev=true&debug=true", headers: member.headers })).statusCode).toBe(
      403,
    );
    expect((await t.inject({ method: "GET", url: "/api/waitlist/stats?dev=1&debug=1" })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/waitlist/export?dev=1&debug=1" })).statusCode).toBe(401);
    // For an admin they change nothing either.
    expect(await list("?dev=1&debug=1")).toMatchObject({ total: PEOPLE.length, debug: { page: 1 } });
  });

  it("checks the session before the input: an anonymous caller with a bad query gets 401, not 400", async () => {
    expect((await t.inject({ method: "GET", url: "/api/waitlist/admin?pageSize=1000" })).statusCode).toBe(401);
    expect((await t.inject({ method: "DELETE", url: "/api/waitlist/admin?id=nope" })).statusCode).toBe(401);
  });

  it("does not let a cookie-signed delete from another site through", async () => {
    const [row] = await seed(PEOPLE.slice(0, 1));
    const response = await t.inject({
      method: "DELETE",
      url: `/api/waitlist/admin?id=${row!.id}`,
      headers: { origin: "https://evil.example" },
      cookies: { session: admin.token },
    });
    expect(response.statusCode).toBe(403);
    expect(await t.db.$count(waitlistEntries)).toBe(1);
  });
});

describe("GET /api/waitlist/admin", () => {
  it("answers entries, total, generated and debug; newest position first by default", async () => {
    await seed(PEOPLE);
    const before = Date.now();
    const body = await list();
    expect(body.total).toBe(6);
    expect(positionsOf(body)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(Date.parse(body.generated)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.generated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.debug).toEqual({
      page: 1,
      pageSize: 25,
      totalPages: 1,
      queryMs: expect.any(Number),
      q: null,
      sort: "position",
      order: "desc",
      status: "all",
      returned: 6,
    });
    expect(body.debug.queryMs).toBeGreaterThanOrEqual(0);
    const ada = body.entries.find((entry) => entry.position === 1)!;
    expect(ada).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      rank: 1,
      position: 1,
      confirmedAt: null,
      referrals: 0,
      name: "Ada Lovelace",
      email: "ada@example.com",
      interests: ["Analytics", "Angel Investing"],
      country: "GB",
      city: "London",
      source: "homepage",
      joinedAt: expect.stringMatching(/Z$/),
      unsubscribedAt: null,
    });
    expect(Object.keys(body.entries[0]!).sort()).toEqual([
      "city",
      "confirmedAt",
      "country",
      "email",
      "id",
      "interests",
      "joinedAt",
      "name",
      "position",
      "rank",
      "referrals",
      "source",
      "unsubscribedAt",
    ]);
  });

  it("keeps admin answers out of every cache", async () => {
    const response = await t.inject({ method: "GET", url: "/api/waitlist/admin", headers: asAdmin() });
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex");
  });

  it("pages on the server: page, pageSize, totalPages, and an empty page past the end", async () => {
    // All joined at the same moment: sorting by joined is one big tie that position breaks.
    await seed(Array.from({ length: 23 }, (_, i) => ({ email: `p${i + 1}@example.com`, name: `Person ${i + 1}`, hoursAgo: 1 })));
    const first = await list("?page=1&pageSize=10&sort=position&order=asc");
    expect(positionsOf(first)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.debug).toMatchObject({ page: 1, pageSize: 10, totalPages: 3, returned: 10 });
    const third = await list("?page=3&pageSize=10&sort=position&order=asc");
    expect(positionsOf(third)).toEqual([21, 22, 23]);
    expect(third.total).toBe(23);
    const beyond = await list("?page=4&pageSize=10");
    expect(beyond).toMatchObject({ entries: [], total: 23, debug: { page: 4, totalPages: 3, returned: 0 } });
    const hundred = await list("?pageSize=100");
    expect(hundred.entries).toHaveLength(23);
    // Consecutive pages of a sort with ties (no names at all) neither overlap nor skip.
    const seen = [
      ...(await list("?pageSize=10&sort=joined")).entries,
      ...(await list("?page=2&pageSize=10&sort=joined")).entries,
      ...(await list("?page=3&pageSize=10&sort=joined")).entries,
    ];
    expect(new Set(seen.map((e) => e.position)).size).toBe(23);
  });

  it("searches email and name, in any case, and counts only the matches", async () => {
    await seed(PEOPLE);
    const byName = await list("?q=GRACE");
    expect(byName.entries.map((e) => e.email)).toEqual(["grace@navy.example"]);
    expect(byName.total).toBe(1);
    expect(byName.debug.q).toBe("GRACE");
    expect((await list("?q=hopper")).entries.map((e) => e.position)).toEqual([2]);
    expect((await list("?q=EXAMPLE.COM")).entries.map((e) => e.position)).toEqual([6, 1]);
    expect((await list("?q=%C3%A9douard")).entries.map((e) => e.position)).toEqual([4]);
    expect((await list("?q=%20%20lucas%20")).debug.q).toBe("lucas");
    const none = await list("?q=nobody-here");
    expect(none).toMatchObject({ entries: [], total: 0, debug: { totalPages: 0, returned: 0 } });
  });

  it("treats % and _ in the search as plain characters", async () => {
    await seed(PEOPLE);
    expect((await list(`?q=${encodeURIComponent("%")}`)).entries.map((e) => e.position)).toEqual([5]);
    expect((await list(`?q=${encodeURIComponent("_")}`)).entries.map((e) => e.position)).toEqual([5]);
    expect((await list(`?q=${encodeURIComponent("a_a")}`)).total).toBe(0);
    expect((await list(`?q=${encodeURIComponent("\\")}`)).total).toBe(0);
  });

  it("sorts by position, joined, name and email, each way", async () => {
    // Joined order differs from position order here, so the two sorts are told apart.
    await seed([
      { name: "bea", email: "zed@example.com", hoursAgo: 3 },
      { name: "Al", email: "yan@example.com", hoursAgo: 1 },
      { name: null, email: "xi@example.com", hoursAgo: 5 },
      { name: "cy", email: "wu@example.com", hoursAgo: 4 },
    ]);
    expect(positionsOf(await list("?sort=position&order=asc"))).toEqual([1, 2, 3, 4]);
    expect(positionsOf(await list("?sort=position&order=desc"))).toEqual([4, 3, 2, 1]);
    expect(positionsOf(await list("?sort=joined&order=asc"))).toEqual([3, 4, 1, 2]);
    expect(positionsOf(await list("?sort=joined&order=desc"))).toEqual([2, 1, 4, 3]);
    // Case-insensitive; the entry without a name last either way.
    expect(positionsOf(await list("?sort=name&order=asc"))).toEqual([2, 1, 4, 3]);
    expect(positionsOf(await list("?sort=name&order=desc"))).toEqual([4, 1, 2, 3]);
    expect(positionsOf(await list("?sort=email&order=asc"))).toEqual([4, 3, 2, 1]);
    expect(positionsOf(await list("?sort=email&order=desc"))).toEqual([1, 2, 3, 4]);
    expect((await list("?sort=email&order=desc")).debug).toMatchObject({ sort: "email", order: "desc" });
  });

  it("answers 400 with a readable message for a bad query", async () => {
    const cases: Array<[string, string]> = [
      ["?pageSize=101", "Page size must be at most 100"],
      ["?pageSize=0", "Page size must be at least 1"],
      ["?page=0", "Page must be at least 1"],
      ["?page=two", "Page must be a whole number"],
      ["?page=1.5", "Page must be a whole number"],
      ["?page=99999999999999", "Page must be at most 1000000"],
      [`?q=${"x".repeat(201)}`, "Search must be at most 200 characters"],
      ["?sort=created", "Sort must be one of: position, joined, name, email, rank, referrals, confirmed"],
      ["?order=up", "Order must be asc or desc"],
    ];
    for (const [query, message] of cases) {
      const response = await t.inject({ method: "GET", url: `/api/waitlist/admin${query}`, headers: asAdmin() });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: message });
    }
    // Exactly at the limits is fine; blank page and q fall back to their defaults.
    expect((await list(`?pageSize=100&q=${"x".repeat(200)}`)).debug.pageSize).toBe(100);
    expect((await list("?page=&q=")).debug).toMatchObject({ page: 1, q: null });
  });
});

describe("tRPC waitlist.adminList", () => {
  it("answers what the REST path answers, with the same validation", async () => {
    await seed(PEOPLE);
    const input = { page: 1, pageSize: 2, q: "example", sort: "email", order: "asc" };
    const trpc = await t.trpcQuery<WaitlistAdminList>("waitlist.adminList", input, asAdmin());
    expect(trpc.status).toBe(200);
    const rest = await list("?page=1&pageSize=2&q=example&sort=email&order=asc");
    expect(trpc.data.entries).toEqual(rest.entries);
    expect(trpc.data.total).toBe(rest.total);
    expect(trpc.data.entries.map((e) => e.email)).toEqual(["ada@example.com", "anon@example.org"]);

    const bad = await t.trpcQuery("waitlist.adminList", { pageSize: 500 }, asAdmin());
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ message: "Page size must be at most 100", data: { code: "BAD_REQUEST" } });
    expect((await t.trpcQuery<WaitlistAdminList>("waitlist.adminList", {}, asAdmin())).data.debug).toMatchObject({ page: 1, pageSize: 25 });
  });
});

describe("waitlist stats", () => {
  it("counts the total, the last 24 hours and 7 days, the interests, and lists the 5 newest", async () => {
    await seed(PEOPLE);
    const response = await t.inject({ method: "GET", url: "/api/waitlist/stats", headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const stats = response.json() as WaitlistStats;
    expect(stats.totalSignups).toBe(6);
    expect(stats.last24Hours).toBe(3);
    expect(stats.last7Days).toBe(5);
    expect(stats.interests).toEqual([
      { interest: "Analytics", count: 3 },
      { interest: "Community", count: 2 },
      // A tie is broken in the catalogue's order.
      { interest: "Angel Investing", count: 1 },
      { interest: "Tool Building", count: 1 },
    ]);
    expect(stats.recentSignups).toHaveLength(5);
    expect(stats.recentSignups.map((s) => s.position)).toEqual([6, 5, 4, 3, 2]);
    expect(stats.recentSignups[0]).toEqual({
      position: 6,
      name: "Carla",
      country: null,
      city: null,
      source: "admin",
      joinedAt: expect.stringMatching(/Z$/),
    });
    expect(stats.recentSignups[1]).toMatchObject({ name: "Bob_Percent%", country: "DE", city: "Berlin", source: "homepage" });
    // No email in the stats.
    expect(response.body).not.toContain("@");

    const trpc = await t.trpcQuery<WaitlistStats>("waitlist.adminStats", undefined, asAdmin());
    expect({ ...trpc.data, generated: "" }).toEqual({ ...stats, generated: "" });
  });

  it("answers zeros and empty lists for an empty waitlist", async () => {
    const stats = (await t.trpcQuery<WaitlistStats>("waitlist.adminStats", undefined, asAdmin())).data;
    expect(stats).toMatchObject({ totalSignups: 0, last24Hours: 0, last7Days: 0, interests: [], recentSignups: [] });
  });
});

/** A strict RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else if (c === "\n" || c === "\r") throw new Error(`bare line break outside quotes at ${i}`);
    else field += c;
  }
  if (field !== "" || record.length > 0) throw new Error("the last record does not end with CRLF");
  return records;
}

describe("GET /api/waitlist/export", () => {
  it("downloads the whole list as a CSV attachment, in position order, with a UTF-8 BOM and CRLF records", async () => {
    await seed(PEOPLE);
    const response = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="waitlist-\d{4}-\d\d-\d\d\.csv"$/);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.body.startsWith("\uFEFFPosition,")).toBe(true);
    const records = parseCsv(response.body.slice(1));
    expect(records[0]).toEqual([
      "Position",
      "Name",
      "Email",
      "Interests",
      "Country",
      "City",
      "Source",
      "Joined",
      "Rank",
      "Confirmed",
      "Referrals",
    ]);
    expect(records).toHaveLength(PEOPLE.length + 1);
    expect(records.slice(1).map((r) => r[0])).toEqual(["1", "2", "3", "4", "5", "6"]);
    const rows = await t.db.select().from(waitlistEntries).orderBy(asc(waitlistEntries.position));
    expect(records[1]).toEqual([
      "1",
      "Ada Lovelace",
      "ada@example.com",
      "Analytics; Angel Investing",
      "GB",
      "London",
      "homepage",
      rows[0]!.createdAt.toISOString(),
      "1",
      "",
      "0",
    ]);
    expect(records[3]).toEqual([
      "3",
      "",
      "anon@example.org",
      "Analytics",
      "",
      "",
      "homepage",
      rows[2]!.createdAt.toISOString(),
      "3",
      "",
      "0",
    ]);
    expect(records[4]![1]).toBe("Édouard Lucas");
  });

  it("escapes commas, quotes and line breaks, and guards formula-looking cells", async () => {
    await seed([
      { name: 'Lovelace, Ada "Countess"', email: "quote@example.com" },
      { name: "two\nlines", email: "lines@example.com" },
      { name: '=HYPERLINK("http://evil.example","Click")', email: "eq@example.com" },
      { name: "+1 555 0100", email: "plus@example.com" },
      { name: "-2+3", email: "minus@example.com" },
      { name: "@SUM(A1:A2)", email: "at@example.com" },
      { name: "Plain = fine", email: "-dash@example.com" },
    ]);
    const response = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: asAdmin() });
    expect(response.body).toContain('"Lovelace, Ada ""Countess"""');
    const names = parseCsv(response.body.slice(1))
      .slice(1)
      .map((r) => [r[1], r[2]]);
    expect(names).toEqual([
      ['Lovelace, Ada "Countess"', "quote@example.com"],
      ["two\nlines", "lines@example.com"],
      ['\'=HYPERLINK("http://evil.example","Click")', "eq@example.com"],
      ["'+1 555 0100", "plus@example.com"],
      ["'-2+3", "minus@example.com"],
      ["'@SUM(A1:A2)", "at@example.com"],
      ["Plain = fine", "'-dash@example.com"],
    ]);
  });

  it("exports more than one batch without losing or repeating a row, across a gap in positions", async () => {
    const many = Array.from({ length: 2345 }, (_, i) => ({ email: `bulk${i}@example.com`, hoursAgo: 1 }));
    await seed(many.slice(0, 1200), 1);
    await seed(many.slice(1200), 1500);
    const response = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: asAdmin() });
    const records = parseCsv(response.body.slice(1)).slice(1);
    expect(records).toHaveLength(2345);
    const positions = records.map((r) => Number(r[0]));
    expect(new Set(positions).size).toBe(2345);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions.at(-1)).toBe(1500 + 1145 - 1);
  });

  it("is a header only for an empty list", async () => {
    const response = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: asAdmin() });
    expect(response.body).toBe("\uFEFFPosition,Name,Email,Interests,Country,City,Source,Joined,Rank,Confirmed,Referrals\r\n");
  });
});

describe("deleting an entry", () => {
  it("removes it over REST and leaves every other position as it was", async () => {
    const rows = await seed(PEOPLE);
    const third = rows.find((row) => row.position === 3)!;
    const response = await t.inject({ method: "DELETE", url: `/api/waitlist/admin?id=${third.id}`, headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: { id: third.id, position: 3 } });
    const left = await list("?sort=position&order=asc");
    expect(positionsOf(left)).toEqual([1, 2, 4, 5, 6]);
    expect(left.total).toBe(5);
    expect(left.entries.find((e) => e.position === 4)?.email).toBe("edouard@example.fr");
  });

  it("removes it over tRPC", async () => {
    const rows = await seed(PEOPLE);
    const result = await t.trpcMutation("waitlist.adminDelete", { id: rows[0]!.id }, asAdmin());
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ deleted: { id: rows[0]!.id, position: 1 } });
    expect(await t.db.$count(waitlistEntries)).toBe(5);
  });

  it("answers 404 for an unknown id and a repeated delete, on both surfaces", async () => {
    const [row] = await seed(PEOPLE.slice(0, 1));
    const unknown = randomUUID();
    const rest = await t.inject({ method: "DELETE", url: `/api/waitlist/admin?id=${unknown}`, headers: asAdmin() });
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toEqual({ error: "Waitlist entry not found" });
    const trpc = await t.trpcMutation("waitlist.adminDelete", { id: unknown }, asAdmin());
    expect(trpc.status).toBe(404);
    expect(trpc.error).toMatchObject({ message: "Waitlist entry not found", data: { code: "NOT_FOUND" } });

    expect((await t.inject({ method: "DELETE", url: `/api/waitlist/admin?id=${row!.id}`, headers: asAdmin() })).statusCode).toBe(200);
    expect((await t.inject({ method: "DELETE", url: `/api/waitlist/admin?id=${row!.id}`, headers: asAdmin() })).statusCode).toBe(404);
  });

  it("answers 400 (not 500) for a missing or malformed id", async () => {
    for (const query of [
      "",
      "?id=",
      "?id=42",
      "?id=not-a-uuid",
      "?id=1'%20or%20'1'='1",
      `?id=${randomUUID()}x`,
      `?id=${randomUUID()}&id=${randomUUID()}`,
    ]) {
      const response = await t.inject({ method: "DELETE", url: `/api/waitlist/admin${query}`, headers: asAdmin() });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(/Entry id/);
    }
    const trpc = await t.trpcMutation("waitlist.adminDelete", { id: "42" }, asAdmin());
    expect(trpc.status).toBe(400);
    expect(trpc.error).toMatchObject({ message: "Entry id must be a UUID", data: { code: "BAD_REQUEST" } });
  });

  it("does not reuse the number of a deleted entry in the middle: the next join takes max + 1, and the rank closes the gap", async () => {
    const rows = await seed(PEOPLE.slice(0, 3));
    await t.inject({ method: "DELETE", url: `/api/waitlist/admin?id=${rows[1]!.id}`, headers: asAdmin() });
    const joined = await t.inject({
      method: "POST",
      url: "/api/waitlist/join",
      headers: json,
      payload: JSON.stringify({ email: "new@example.com" }),
      remoteAddress: "10.9.0.1",
    });
    // The position people see is the rank, contiguous from 1; the join number stays max + 1.
    expect(joined.json().position).toBe(3);
    const [stored] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "new@example.com"));
    expect(stored!.position).toBe(4);
  });
});
