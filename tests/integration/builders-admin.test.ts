import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminOverview } from "#common/admin/overview.ts";
import { BUILDER_STATUSES, type BuilderStatus, type PublicBuilder } from "#common/builders/builders.ts";
import type { AdminBuilder, BuilderAdminList, BuilderAdminResult } from "#common/builders/admin.ts";
import { builders } from "#server/db/schema/index.ts";
import { expectAdminOnlyProcedure, expectAdminOnlyRest, type Caller } from "../helpers/authorization";
import { seedBuilder as seedBuilderIn } from "../helpers/builders";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };
const EMAIL_TAKEN = "A builder profile with this email already exists.";
const STATUS_MESSAGE = "Status must be one of: pending, approved, verified, rejected";

let seeded = 0;

/** A builder brought to the status along the machine's own moves, as the back office would. */
async function seedBuilder(status: BuilderStatus = "pending", fields: { name?: string; email?: string } = {}) {
  seeded += 1;
  const who = { name: fields.name ?? `Builder ${seeded}`, email: fields.email ?? `builder${seeded}@example.com` };
  return (await seedBuilderIn(t.db, who, status)).id;
}

let admin: TestUser;
const asAdmin = () => admin.headers;

beforeEach(async () => {
  await t.db.delete(builders);
  admin ??= await t.createUser("admin");
});

const putStatus = (id: string, status: unknown, headers: Record<string, string> = asAdmin()) =>
  t.inject({ method: "PUT", url: `/api/builders/admin?id=${id}`, headers: { ...json, ...headers }, payload: JSON.stringify({ status }) });
const createRequest = (body: unknown, headers: Record<string, string> = {}): InjectOptions => ({
  method: "POST",
  url: "/api/builders/admin",
  headers: { ...json, ...headers },
  payload: JSON.stringify(body),
});
const create = (body: unknown) => t.inject(createRequest(body, asAdmin()));
const remove = (id: string, headers: Record<string, string> = asAdmin()) =>
  t.inject({ method: "DELETE", url: `/api/builders?id=${id}`, headers });
const adminList = async () => {
  const response = await t.inject({ method: "GET", url: "/api/builders/admin", headers: asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BuilderAdminList>();
};
const publicList = async () => (await t.inject({ method: "GET", url: "/api/builders" })).json<{ builders: PublicBuilder[] }>().builders;
const statusOf = async (id: string) =>
  (await t.db.select({ status: builders.status }).from(builders).where(eq(builders.id, id)))[0]?.status;

/** Each caller of the matrix gets its own target, so the owner's and the admin's calls both succeed. */
async function targetsFor(status: BuilderStatus = "pending") {
  const ids = new Map<Caller, string>();
  for (const caller of ["anonymous", "member", "owner", "admin"] as const) ids.set(caller, await seedBuilder(status));
  return (caller: Caller) => ids.get(caller)!;
}

describe("builders admin: who may call", () => {
  it("lets only admins and owners list, change, create and delete over REST", async () => {
    await seedBuilder();
    const listed = await expectAdminOnlyRest(t, { method: "GET", url: "/api/builders/admin" });
    expect(listed.json<BuilderAdminList>().builders).toHaveLength(1);

    const toApprove = await targetsFor("pending");
    await expectAdminOnlyRest(t, (caller) => ({
      method: "PUT",
      url: `/api/builders/admin?id=${toApprove(caller)}`,
      headers: json,
      payload: JSON.stringify({ status: "approved" }),
    }));
    // Only the owner's and the admin's moves happened.
    expect(await statusOf(toApprove("anonymous"))).toBe("pending");
    expect(await statusOf(toApprove("member"))).toBe("pending");
    expect(await statusOf(toApprove("owner"))).toBe("approved");
    expect(await statusOf(toApprove("admin"))).toBe("approved");

    await expectAdminOnlyRest(t, (caller) =>
      createRequest({ name: `By ${caller}`, email: `rest-${caller}@example.com`, status: "approved" }),
    );
    const created = await t.db.select({ email: builders.email }).from(builders).where(eq(builders.name, "By admin"));
    expect(created).toEqual([{ email: "rest-admin@example.com" }]);
    expect(await t.db.$count(builders, eq(builders.name, "By member"))).toBe(0);

    const toDelete = await targetsFor("approved");
    await expectAdminOnlyRest(t, (caller) => ({ method: "DELETE", url: `/api/builders?id=${toDelete(caller)}` }));
    expect(await statusOf(toDelete("anonymous"))).toBe("approved");
    expect(await statusOf(toDelete("member"))).toBe("approved");
    expect(await statusOf(toDelete("owner"))).toBeUndefined();
    expect(await statusOf(toDelete("admin"))).toBeUndefined();
  });

  it("lets only admins and owners call the tRPC procedures", async () => {
    await seedBuilder();
    const listed = await expectAdminOnlyProcedure(t, { type: "query", path: "builders.adminList" });
    expect((listed.data as BuilderAdminList).summary.total).toBe(1);

    const toApprove = await targetsFor("pending");
    await expectAdminOnlyProcedure(t, {
      type: "mutation",
      path: "builders.adminSetStatus",
      inputFor: (caller) => ({ id: toApprove(caller), status: "approved" }),
    });
    expect(await statusOf(toApprove("member"))).toBe("pending");
    expect(await statusOf(toApprove("admin"))).toBe("approved");

    await expectAdminOnlyProcedure(t, {
      type: "mutation",
      path: "builders.adminCreate",
      inputFor: (caller) => ({ name: `Via ${caller}`, email: `trpc-${caller}@example.com`, status: "pending" }),
    });
    expect(await t.db.$count(builders, eq(builders.name, "Via anonymous"))).toBe(0);
    expect(await t.db.$count(builders, eq(builders.name, "Via owner"))).toBe(1);

    const toDelete = await targetsFor("rejected");
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "builders.adminDelete", inputFor: (caller) => ({ id: toDelete(caller) }) });
    expect(await statusOf(toDelete("member"))).toBe("rejected");
    expect(await statusOf(toDelete("admin"))).toBeUndefined();
  });

  it("never accepts basic auth, whatever the credentials", async () => {
    const id = await seedBuilder();
    const basic = { authorization: `Basic ${Buffer.from("admin:admin").toString("base64")}` };
    const requests: InjectOptions[] = [
      { method: "GET", url: "/api/builders/admin", headers: basic },
      {
        method: "PUT",
        url: `/api/builders/admin?id=${id}`,
        headers: { ...json, ...basic },
        payload: JSON.stringify({ status: "approved" }),
      },
      createRequest({ name: "Basic", email: "basic@example.com", status: "verified" }, basic),
      { method: "DELETE", url: `/api/builders?id=${id}`, headers: basic },
    ];
    for (const request of requests) {
      const response = await t.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(response.body).not.toContain("@example.com");
    }
    expect(await statusOf(id)).toBe("pending");
    expect(await t.db.$count(builders)).toBe(1);
  });

  it("accepts the browser's session cookie, and refuses a cookie-signed write from another site", async () => {
    const id = await seedBuilder();
    const cookie = { cookie: `session=${admin.token}` };
    expect((await t.inject({ method: "GET", url: "/api/builders/admin", headers: cookie })).statusCode).toBe(200);

    const crossSite = await putStatus(id, "approved", { ...cookie, origin: "https://evil.example" });
    expect(crossSite.statusCode).toBe(403);
    expect(
      (await t.inject({ method: "DELETE", url: `/api/builders?id=${id}`, headers: { ...cookie, origin: "https://evil.example" } }))
        .statusCode,
    ).toBe(403);
    expect(await statusOf(id)).toBe("pending");

    const sameSite = await putStatus(id, "approved", { ...cookie, host: "lab.example", origin: "https://lab.example" });
    expect(sameSite.statusCode).toBe(200);
  });

  it("checks the session before the input: 401 for an anonymous caller and 403 for a member, however bad the input", async () => {
    const member = await t.createUser("member");
    for (const headers of [{}, member.headers]) {
      const expected = "authorization" in headers ? 403 : 401;
      expect((await putStatus("nope", "flying", headers)).statusCode).toBe(expected);
      expect((await t.inject(createRequest({ status: "bogus" }, headers))).statusCode).toBe(expected);
      expect((await remove("nope", headers)).statusCode).toBe(expected);
    }
  });
});

describe("GET /api/builders/admin", () => {
  it("lists every builder in every status, newest first, with the email and the counts", async () => {
    const ids: Record<BuilderStatus, string> = {
      pending: await seedBuilder("pending", { name: "Pat Pending" }),
      approved: await seedBuilder("approved", { name: "Amy Approved" }),
      verified: await seedBuilder("verified", { name: "Vic Verified" }),
      rejected: await seedBuilder("rejected", { name: "Rex Rejected" }),
    };
    const last = await seedBuilder("pending");
    // Explicit times, an hour apart in the order created: rows made within one clock tick tie on createdAt.
    const created = [ids.pending, ids.approved, ids.verified, ids.rejected, last];
    for (const [hour, id] of created.entries())
      await t.db
        .update(builders)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, hour)) })
        .where(eq(builders.id, id));
    const response = await t.inject({ method: "GET", url: "/api/builders/admin", headers: asAdmin() });
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex");
    const body = response.json<BuilderAdminList>();

    expect(body.summary).toEqual({ total: 5, byStatus: { pending: 2, approved: 1, verified: 1, rejected: 1 } });
    expect(body.builders.map((b) => b.status)).toEqual(["pending", "rejected", "verified", "approved", "pending"]);
    const createdTimes = body.builders.map((b) => Date.parse(b.createdAt));
    expect(createdTimes).toEqual([...createdTimes].sort((a, b) => b - a));

    const vic = body.builders.find((b) => b.id === ids.verified)!;
    expect(Object.keys(vic).sort()).toEqual(
      [
        "avatarUrl",
        "bio",
        "createdAt",
        "currentProject",
        "email",
        "emailConfirmedAt",
        "id",
        "joinedAt",
        "linkedinUrl",
        "location",
        "name",
        "status",
        "tags",
        "title",
        "twitterHandle",
        "updatedAt",
        "websiteUrl",
      ].sort(),
    );
    expect(vic).toMatchObject({
      name: "Vic Verified",
      status: "verified",
      email: expect.stringMatching(/@example\.com$/),
      joinedAt: expect.stringMatching(/Z$/),
    });
    expect(body.builders.find((b) => b.id === ids.rejected)).toMatchObject({ status: "rejected", joinedAt: null });
  });

  it("orders builders created at the same time by id, newest first, the same way on every call", async () => {
    const sameTime = new Date("2026-01-01T12:00:00.123Z");
    const tied: string[] = [];
    for (let i = 0; i < 6; i += 1) tied.push(await seedBuilder(i % 2 === 0 ? "pending" : "approved"));
    await t.db.update(builders).set({ createdAt: sameTime });
    const newer = await seedBuilder("pending");
    await t.db
      .update(builders)
      .set({ createdAt: new Date("2026-01-02T00:00:00Z") })
      .where(eq(builders.id, newer));

    const expected = [newer, ...[...tied].sort().reverse()];
    for (let call = 0; call < 3; call += 1) expect((await adminList()).builders.map((b) => b.id)).toEqual(expected);
    // The public directory breaks the tie the same way.
    expect((await publicList()).map((b) => b.id)).toEqual(expected.filter((id) => tied.indexOf(id) % 2 === 1));
  });

  it("answers an empty list with zero counts", async () => {
    expect(await adminList()).toEqual({
      builders: [],
      summary: { total: 0, byStatus: { pending: 0, approved: 0, verified: 0, rejected: 0 } },
    });
  });

  it("answers the same over tRPC, and the dashboard counts the same builders", async () => {
    for (const status of BUILDER_STATUSES) await seedBuilder(status);
    await seedBuilder("verified");
    const rest = await adminList();
    const trpc = await t.trpcQuery<BuilderAdminList>("builders.adminList", undefined, asAdmin());
    expect(trpc.status).toBe(200);
    expect(trpc.data).toEqual(rest);
    const overview = await t.trpcQuery<AdminOverview>("admin.overview", undefined, asAdmin());
    expect(overview.data.builders).toEqual({ total: 5, pending: 1, approved: 1, verified: 2, rejected: 1 });
  });
});

describe("the builder status machine", () => {
  const ALLOWED: Array<[BuilderStatus, BuilderStatus]> = [
    ["pending", "approved"],
    ["pending", "rejected"],
    ["approved", "verified"],
  ];
  const REFUSED = BUILDER_STATUSES.flatMap((from) => BUILDER_STATUSES.map((to): [BuilderStatus, BuilderStatus] => [from, to])).filter(
    ([from, to]) => !ALLOWED.some(([a, b]) => a === from && b === to),
  );

  it.each(ALLOWED)("moves %s -> %s over REST", async (from, to) => {
    const id = await seedBuilder(from);
    const response = await putStatus(id, to);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { builder } = response.json<BuilderAdminResult>();
    expect(builder).toMatchObject({ id, status: to, email: expect.stringMatching(/@example\.com$/) });
    expect(builder.joinedAt === null).toBe(to === "rejected");
    expect(await statusOf(id)).toBe(to);
  });

  it.each(ALLOWED)("moves %s -> %s over tRPC", async (from, to) => {
    const id = await seedBuilder(from);
    const result = await t.trpcMutation<BuilderAdminResult>("builders.adminSetStatus", { id, status: to }, asAdmin());
    expect(result.status).toBe(200);
    expect(result.data.builder).toMatchObject({ id, status: to });
    expect(await statusOf(id)).toBe(to);
  });

  it.each(REFUSED)("refuses %s -> %s with 400 on both surfaces, changing nothing", async (from, to) => {
    const id = await seedBuilder(from);
    const message = `A builder cannot move from ${from} to ${to}`;
    const rest = await putStatus(id, to);
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ error: message });
    const trpc = await t.trpcMutation("builders.adminSetStatus", { id, status: to }, asAdmin());
    expect(trpc.status).toBe(400);
    expect(trpc.error).toMatchObject({ message, data: { code: "BAD_REQUEST" } });
    expect(await statusOf(id)).toBe(from);
  });

  it("walks a builder from pending to verified, keeping the first joined date, and shows it VERIFIED in the public list", async () => {
    const id = await seedBuilder("pending", { name: "Walker" });
    expect((await publicList()).map((b) => b.id)).not.toContain(id);
    const approved = (await putStatus(id, "approved")).json<BuilderAdminResult>().builder;
    expect((await publicList()).find((b) => b.id === id)?.status).toBe("approved");
    const verified = (await putStatus(id, "verified")).json<BuilderAdminResult>().builder;
    expect(verified.joinedAt).toBe(approved.joinedAt);
    const shown = (await publicList()).find((b) => b.id === id);
    expect(shown).toMatchObject({ name: "Walker", status: "verified", joinedAt: approved.joinedAt });
  });

  it("answers 404 for an unknown id and 400 for a bad id or status, on both surfaces", async () => {
    const id = await seedBuilder();
    const unknown = await putStatus(randomUUID(), "approved");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Builder not found" });
    const trpcUnknown = await t.trpcMutation("builders.adminSetStatus", { id: randomUUID(), status: "approved" }, asAdmin());
    expect(trpcUnknown).toMatchObject({ status: 404, error: { message: "Builder not found", data: { code: "NOT_FOUND" } } });

    for (const query of ["", "?id=", "?id=42", "?id=not-a-uuid", `?id=${id}x`]) {
      const response = await t.inject({
        method: "PUT",
        url: `/api/builders/admin${query}`,
        headers: { ...json, ...asAdmin() },
        payload: JSON.stringify({ status: "approved" }),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(/^Builder id/);
    }
    for (const status of ["flying", "", "APPROVED", null, 3]) {
      const response = await putStatus(id, status);
      expect(response.statusCode, String(status)).toBe(400);
      expect(response.json()).toEqual({ error: STATUS_MESSAGE });
    }
    const noBody = await t.inject({ method: "PUT", url: `/api/builders/admin?id=${id}`, headers: asAdmin() });
    expect(noBody.statusCode).toBe(400);

    expect((await t.trpcMutation("builders.adminSetStatus", { id: "42", status: "approved" }, asAdmin())).error).toMatchObject({
      message: "Builder id must be a UUID",
      data: { code: "BAD_REQUEST" },
    });
    expect((await t.trpcMutation("builders.adminSetStatus", { id, status: "flying" }, asAdmin())).error).toMatchObject({
      message: STATUS_MESSAGE,
      data: { code: "BAD_REQUEST" },
    });
    expect(await statusOf(id)).toBe("pending");
  });
});

describe("POST /api/builders/admin", () => {
  const FULL = {
    name: "  Grace Hopper ",
    email: " Grace@Navy.Example ",
    title: "Rear Admiral",
    bio: "Wrote the first compiler.",
    location: "Arlington",
    twitterHandle: "@grace_h",
    websiteUrl: "https://grace.example",
    linkedinUrl: "https://www.linkedin.com/in/grace",
    currentProject: "COBOL",
    tags: ["Engineer", "Community Builder"],
  };

  it.each(BUILDER_STATUSES)("creates a profile in status %s, with the joined date only when public", async (status) => {
    const response = await create({ ...FULL, status });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { builder } = response.json<BuilderAdminResult>();
    expect(builder).toMatchObject({
      name: "Grace Hopper",
      email: "grace@navy.example",
      title: "Rear Admiral",
      twitterHandle: "grace_h",
      tags: ["Engineer", "Community Builder"],
      avatarUrl: null,
      status,
    });
    const isPublic = status === "approved" || status === "verified";
    if (isPublic) expect(builder.joinedAt).toBe(builder.createdAt);
    else expect(builder.joinedAt).toBeNull();
    expect((await publicList()).some((b) => b.id === builder.id)).toBe(isPublic);
    expect((await adminList()).summary.byStatus[status]).toBe(1);
  });

  it("counts a profile the admin adds as confirmed, and lists a joined one as not confirmed until its link is opened", async () => {
    const added = (await create({ name: "Added", email: "added@example.com", status: "pending" })).json<BuilderAdminResult>().builder;
    expect(added.emailConfirmedAt).toMatch(/Z$/);
    const joined = await t.inject({
      method: "POST",
      url: "/api/builders",
      headers: json,
      payload: JSON.stringify({ name: "Joined", email: "joined@example.com" }),
    });
    expect(joined.statusCode).toBe(201);
    const listed = (await adminList()).builders;
    expect(listed.find((b) => b.email === "joined@example.com")?.emailConfirmedAt).toBeNull();
    expect(listed.find((b) => b.email === "added@example.com")?.emailConfirmedAt).toBe(added.emailConfirmedAt);
  });

  it("creates over tRPC with the same answer", async () => {
    const result = await t.trpcMutation<BuilderAdminResult>(
      "builders.adminCreate",
      { name: "Linus", email: "linus@example.com", status: "verified" },
      asAdmin(),
    );
    expect(result.status).toBe(200);
    expect(result.data.builder).toMatchObject({ name: "Linus", email: "linus@example.com", status: "verified", title: null, tags: [] });
    expect((await publicList()).find((b) => b.id === result.data.builder.id)?.status).toBe("verified");
  });

  it("answers 409 for an email that already has a profile, in any case, on both surfaces", async () => {
    await seedBuilder("rejected", { email: "taken@example.com" });
    const rest = await create({ name: "Again", email: "TAKEN@example.com", status: "approved" });
    expect(rest.statusCode).toBe(409);
    expect(rest.json()).toEqual({ error: EMAIL_TAKEN });
    const trpc = await t.trpcMutation("builders.adminCreate", { name: "Again", email: "taken@example.com", status: "pending" }, asAdmin());
    expect(trpc).toMatchObject({ status: 409, error: { message: EMAIL_TAKEN, data: { code: "CONFLICT" } } });
    expect(await t.db.$count(builders)).toBe(1);
  });

  it("answers 400 with the field's message for invalid input", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: "a@example.com", status: "pending" }, "Name is required"],
      [{ name: "  ", email: "a@example.com", status: "pending" }, "Name is required"],
      [{ name: "A", status: "pending" }, "Email address is required"],
      [{ name: "A", email: "not-an-email", status: "pending" }, "Please enter a valid email address"],
      [{ name: "A", email: "a@example.com" }, STATUS_MESSAGE],
      [{ name: "A", email: "a@example.com", status: "famous" }, STATUS_MESSAGE],
      [
        { name: "A", email: "a@example.com", status: "pending", websiteUrl: "javascript:alert(1)" },
        "Website must be a full web address starting with http:// or https://",
      ],
      [{ name: "A", email: "a@example.com", status: "pending", tags: ["Astronaut"] }, "Please choose tags from the list"],
      [{ name: "x".repeat(101), email: "a@example.com", status: "pending" }, "Name must be at most 100 characters"],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ error: message });
    }
    const trpc = await t.trpcMutation("builders.adminCreate", { name: "A", email: "a@example.com", status: "famous" }, asAdmin());
    expect(trpc).toMatchObject({ status: 400, error: { message: STATUS_MESSAGE, data: { code: "BAD_REQUEST" } } });
    expect(await t.db.$count(builders)).toBe(0);
  });
});

describe("DELETE /api/builders", () => {
  it.each(BUILDER_STATUSES)("deletes a %s builder over REST and over tRPC", async (status) => {
    const [first, second] = [await seedBuilder(status), await seedBuilder(status)];
    const rest = await remove(first);
    expect(rest.statusCode).toBe(200);
    expect(rest.headers["cache-control"]).toBe("private, no-store");
    expect(rest.json()).toEqual({ deleted: { id: first } });
    const trpc = await t.trpcMutation("builders.adminDelete", { id: second }, asAdmin());
    expect(trpc).toMatchObject({ status: 200, data: { deleted: { id: second } } });
    expect(await t.db.$count(builders)).toBe(0);
    expect((await adminList()).summary.byStatus[status]).toBe(0);
  });

  it("answers 404 for an unknown id and a repeated delete, and 400 for a bad id", async () => {
    const id = await seedBuilder();
    expect((await remove(id)).statusCode).toBe(200);
    const again = await remove(id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "Builder not found" });
    expect(await t.trpcMutation("builders.adminDelete", { id: randomUUID() }, asAdmin())).toMatchObject({
      status: 404,
      error: { message: "Builder not found", data: { code: "NOT_FOUND" } },
    });

    const kept = await seedBuilder();
    for (const query of ["", "?id=", "?id=42", "?id=1'%20or%20'1'='1", `?id=${kept}x`, `?id=${kept}&id=${randomUUID()}`]) {
      const response = await t.inject({ method: "DELETE", url: `/api/builders${query}`, headers: asAdmin() });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(/^Builder id/);
    }
    expect((await t.trpcMutation("builders.adminDelete", { id: "42" }, asAdmin())).error).toMatchObject({
      message: "Builder id must be a UUID",
    });
    expect(await statusOf(kept)).toBe("pending");
  });
});

describe("emails stay in the back office", () => {
  it("are in every admin answer and never in the public list", async () => {
    await seedBuilder("approved", { email: "amy@private.example" });
    await seedBuilder("verified", { email: "vic@private.example" });
    const pending = await seedBuilder("pending", { email: "pat@private.example" });

    const list = await adminList();
    expect(list.builders.map((b: AdminBuilder) => b.email).sort()).toEqual([
      "amy@private.example",
      "pat@private.example",
      "vic@private.example",
    ]);
    expect((await putStatus(pending, "approved")).json<BuilderAdminResult>().builder.email).toBe("pat@private.example");
    expect((await create({ name: "New", email: "new@private.example", status: "verified" })).json<BuilderAdminResult>().builder.email).toBe(
      "new@private.example",
    );

    const response = await t.inject({ method: "GET", url: "/api/builders", headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("private.example");
    const shown = response.json<{ builders: PublicBuilder[] }>().builders;
    expect(shown).toHaveLength(4);
    expect(shown.every((b) => !("email" in b))).toBe(true);
  });
});
