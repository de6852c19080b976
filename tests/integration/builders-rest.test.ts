import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { BUILDER_JOIN_CHECK_INBOX, BUILDER_JOIN_RECEIVED, type BuilderStatus, type PublicBuilder } from "#common/builders/builders.ts";
import { builders, mailMessages } from "#server/db/schema/index.ts";
import { seedBuilder as seedBuilderIn } from "../helpers/builders";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };
let addressCount = 0;
/** Each call gets its own client address, so the 5-a-minute budget only bites where a test wants it to. */
const nextAddress = () => {
  addressCount += 1;
  return `10.20.${addressCount >> 8}.${addressCount & 255}`;
};
const post = (body: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  t.inject({ method: "POST", url: "/api/builders", headers: { ...json, ...headers }, payload: JSON.stringify(body), remoteAddress });
const put = (body: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: "PUT", url: "/api/builders/mine", headers: { ...json, ...headers }, payload: JSON.stringify(body) });
const list = async (headers: Record<string, string> = {}) => {
  const response = await t.inject({ method: "GET", url: "/api/builders", headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ builders: PublicBuilder[] }>().builders;
};

/** A builder moved to the status through the same service the back office will use. */
const seedBuilder = (email: string, status: BuilderStatus, name = email.split("@")[0]!) => seedBuilderIn(t.db, { name, email }, status);

const PUBLIC_KEYS = [
  "avatarUrl",
  "bio",
  "canEdit",
  "createdAt",
  "currentProject",
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
].sort();

describe("POST /api/builders", () => {
  it("creates a pending, unconfirmed profile and answers 201 with a message only", async () => {
    const response = await post({
      name: "  Ada Lovelace ",
      email: " Ada@Example.COM ",
      title: "Founder",
      bio: "Builds analytical engines.",
      location: "London",
      twitterHandle: "@ada_1815",
      websiteUrl: "https://ada.dev",
      linkedinUrl: "https://www.linkedin.com/in/ada",
      currentProject: "Engine No. 1",
      tags: ["Startup Founder", "Engineer"],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: BUILDER_JOIN_CHECK_INBOX });
    const [row] = await t.db.select().from(builders).where(eq(builders.email, "ada@example.com"));
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      title: "Founder",
      twitterHandle: "ada_1815",
      tags: ["Startup Founder", "Engineer"],
      status: "pending",
      joinedAt: null,
      avatarUrl: null,
      emailConfirmedAt: null,
    });
  });

  it("starts every profile pending, whatever status the body claims, and refuses an avatar from elsewhere", async () => {
    const foreign = await post({ name: "Sneaky", email: "sneaky@example.com", avatarUrl: "https://evil.example/x.png" });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: "Avatar must be an image uploaded with the form" });
    const response = await post({ name: "Sneaky", email: "sneaky@example.com", status: "verified" });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(builders).where(eq(builders.email, "sneaky@example.com"));
    expect(row).toMatchObject({ status: "pending", avatarUrl: null, joinedAt: null });
  });

  it("confirms the address at once when the submitter is signed in with that email, verified, and mails nothing", async () => {
    const member = await t.createUser("member", { email: "self@example.com" });
    const response = await post({ name: "Self", email: "SELF@example.com" }, member.headers);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: BUILDER_JOIN_RECEIVED });
    const [row] = await t.db.select().from(builders).where(eq(builders.email, "self@example.com"));
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
    const mails = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, "self@example.com"));
    expect(mails.filter((m) => m.subject.includes("builders"))).toHaveLength(0);
  });

  it("leaves the profile unconfirmed when the signed-in submitter's account is not verified", async () => {
    const member = await t.createUser("member", { email: "unproven@example.com", verified: false });
    const response = await post({ name: "Unproven", email: "unproven@example.com" }, member.headers);
    expect(response.json()).toEqual({ message: BUILDER_JOIN_CHECK_INBOX });
    const [row] = await t.db.select().from(builders).where(eq(builders.email, "unproven@example.com"));
    expect(row?.emailConfirmedAt).toBeNull();
  });

  it.each([
    [{ email: "a@example.com" }, "Name is required"],
    [{ name: "A" }, "Email address is required"],
    [{ name: "A", email: "not-an-email" }, "Please enter a valid email address"],
    [
      { name: "A", email: "a@example.com", websiteUrl: "javascript:alert(1)" },
      "Website must be a full web address starting with http:// or https://",
    ],
    [
      { name: "A", email: "a@example.com", linkedinUrl: "www.linkedin.com/in/a" },
      "LinkedIn URL must be a full web address starting with http:// or https://",
    ],
    [
      { name: "A", email: "a@example.com", twitterHandle: "@not valid!" },
      "Twitter/X handle must be 1 to 15 letters, numbers or underscores",
    ],
    [{ name: "A", email: "a@example.com", tags: ["Astronaut"] }, "Please choose tags from the list"],
    [{ name: "A", email: "a@example.com", tags: ["Designer", "Designer"] }, "Each tag can be chosen only once"],
    [{ name: "A", email: "a@example.com", bio: "b".repeat(501) }, "Bio must be at most 500 characters"],
    [{ name: "n".repeat(101), email: "a@example.com" }, "Name must be at most 100 characters"],
    ["a string", "Request body must be a JSON object"],
  ])("answers 400 {error} for %j", async (body, message) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await t.inject({
      method: "POST",
      url: "/api/builders",
      headers: json,
      payload: "{oops",
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Malformed JSON body" });
  });

  it("accepts a bio of exactly 500 characters", async () => {
    const response = await post({ name: "Long", email: "long-bio@example.com", bio: "b".repeat(500) });
    expect(response.statusCode).toBe(201);
    expect((await t.db.select().from(builders).where(eq(builders.email, "long-bio@example.com")))[0]?.bio).toHaveLength(500);
  });

  it("allows 5 submissions a minute per address, then answers 429 {error}", async () => {
    const address = "10.99.0.1";
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post({ name: "R", email: `rate${i}@example.com` }, {}, address)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const limited = await post({ name: "R", email: "rate5@example.com" }, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: "Too many requests. Please wait a minute and try again." });
    expect((await post({ name: "R", email: "rate6@example.com" }, {}, "10.99.0.2")).statusCode).toBe(201);
  });
});

describe("GET /api/builders", () => {
  beforeEach(async () => {
    await t.db.delete(builders);
  });

  it("lists approved and verified builders only, newest first, with public fields only", async () => {
    const oldest = await seedBuilder("oldest@example.com", "approved");
    await seedBuilder("waiting@example.com", "pending");
    const middle = await seedBuilder("middle@example.com", "verified");
    await seedBuilder("turned-down@example.com", "rejected");
    const newest = await seedBuilder("newest@example.com", "approved");
    // Explicit times, so the order does not hang on clock resolution.
    const times: Array<[string, string]> = [
      [oldest.id, "2024-01-01T00:00:00Z"],
      [middle.id, "2024-02-01T00:00:00Z"],
      [newest.id, "2024-03-01T00:00:00Z"],
    ];
    for (const [id, at] of times)
      await t.db
        .update(builders)
        .set({ createdAt: new Date(at) })
        .where(eq(builders.id, id));

    const response = await t.inject({ method: "GET", url: "/api/builders" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    const listed = response.json<{ builders: PublicBuilder[] }>().builders;
    expect(listed.map((b) => b.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(listed.map((b) => b.status)).toEqual(["approved", "verified", "approved"]);
    for (const builder of listed) {
      expect(Object.keys(builder).sort()).toEqual(PUBLIC_KEYS);
      expect(builder.canEdit).toBe(false);
      expect(builder.joinedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    }
    expect(response.body).not.toMatch(/@example\.com/);
    expect(response.body).not.toContain('"email"');
  });

  it("answers an empty list when nobody is approved yet", async () => {
    await seedBuilder("only-pending@example.com", "pending");
    expect(await list()).toEqual([]);
  });

  it("sets canEdit only for the signed-in owner, by bearer token or cookie", async () => {
    const owner = await t.createUser("member", { email: "owner@example.com" });
    const other = await t.createUser("member", { email: "other@example.com" });
    const admin = await t.createUser("admin");
    const mine = await seedBuilder("owner@example.com", "approved");
    await seedBuilder("someone@example.com", "verified");

    const canEditOf = (rows: PublicBuilder[]) => Object.fromEntries(rows.map((b) => [b.id, b.canEdit]));
    const asOwner = canEditOf(await list(owner.headers));
    expect(asOwner[mine.id]).toBe(true);
    expect(Object.values(asOwner).filter(Boolean)).toHaveLength(1);
    expect(canEditOf(await list({ cookie: `session=${owner.token}` }))[mine.id]).toBe(true);

    for (const headers of [{}, other.headers, admin.headers, { authorization: "Bearer not-a-real-token" }]) {
      expect((await list(headers)).every((b) => !b.canEdit)).toBe(true);
    }
  });
});

describe("PUT /api/builders/mine", () => {
  const edit = {
    name: "Cy Updated",
    title: "Designer at large",
    bio: "New bio",
    location: "Lisbon",
    twitterHandle: "@cy_new",
    websiteUrl: "https://cy.example.org",
    linkedinUrl: "",
    currentProject: "A new thing",
    tags: ["Designer", "Marketer"],
  };

  it("answers 401 without a session", async () => {
    const response = await put(edit);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "You need to sign in" });
  });

  it("answers 404 when the member has no profile", async () => {
    const member = await t.createUser("member", { email: "no-profile@example.com" });
    const response = await put(edit, member.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "You have no builder profile yet. Join the community first." });
  });

  it("updates the owner's profile, keeping status, email and joinedAt", async () => {
    const member = await t.createUser("member", { email: "cy@example.com" });
    const seeded = await seedBuilder("cy@example.com", "verified", "Cy");
    await t.db
      .update(builders)
      .set({ linkedinUrl: "https://www.linkedin.com/in/cy", updatedAt: new Date("2024-01-01T00:00:00Z") })
      .where(eq(builders.id, seeded.id));
    const [before] = await t.db.select().from(builders).where(eq(builders.id, seeded.id));

    const response = await put({ ...edit, email: "hijack@example.com", status: "pending" }, member.headers);
    expect(response.statusCode).toBe(200);
    const { builder } = response.json<{ builder: PublicBuilder }>();
    expect(builder).toMatchObject({
      id: seeded.id,
      name: "Cy Updated",
      twitterHandle: "cy_new",
      linkedinUrl: null,
      tags: ["Designer", "Marketer"],
      status: "verified",
      canEdit: true,
    });
    expect(Object.keys(builder).sort()).toEqual(PUBLIC_KEYS);
    const [after] = await t.db.select().from(builders).where(eq(builders.id, seeded.id));
    expect(after).toMatchObject({ email: "cy@example.com", status: "verified", location: "Lisbon" });
    expect(after!.joinedAt).toEqual(before!.joinedAt);
    expect(after!.createdAt).toEqual(before!.createdAt);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    // The public list shows the edit.
    expect((await list()).find((b) => b.id === seeded.id)?.name).toBe("Cy Updated");
  });

  it("answers 400 {error} for invalid input, leaving the profile unchanged", async () => {
    const member = await t.createUser("member", { email: "dee@example.com" });
    await seedBuilder("dee@example.com", "pending", "Dee");
    const response = await put({ ...edit, name: " ", websiteUrl: "nope" }, member.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Name is required" });
    const [row] = await t.db.select().from(builders).where(eq(builders.email, "dee@example.com"));
    expect(row?.name).toBe("Dee");
  });

  it("refuses a cookie-authenticated edit from another site", async () => {
    const member = await t.createUser("member", { email: "eve@example.com" });
    await seedBuilder("eve@example.com", "approved", "Eve");
    const response = await put(edit, { cookie: `session=${member.token}`, origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    const [row] = await t.db.select().from(builders).where(eq(builders.email, "eve@example.com"));
    expect(row?.name).toBe("Eve");
  });
});
