import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BUILDER_JOIN_CHECK_INBOX, type BuilderJoinResult, type PublicBuilder } from "#common/builders/builders.ts";
import { builders } from "#server/db/schema/index.ts";
import { setBuilderStatus } from "#server/features/builders/service.ts";
import { useTestApp, type TrpcResult } from "../helpers/test-app";

const t = useTestApp();
let addressCount = 0;
const nextAddress = () => `10.30.0.${++addressCount}`;

/** builders.submit over HTTP from a given client address (the helper's trpcMutation has no address). */
async function submit(input: unknown, remoteAddress = nextAddress(), headers: Record<string, string> = {}) {
  const response = await t.inject({
    method: "POST",
    url: "/trpc/builders.submit",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(input),
    remoteAddress,
  });
  const body = response.json();
  return { status: response.statusCode, data: body.result?.data, error: body.error } as TrpcResult<BuilderJoinResult>;
}
/** The id of the profile a join saved (the join's answer never says). */
const idOf = async (email: string) => (await t.db.select({ id: builders.id }).from(builders).where(eq(builders.email, email)))[0]!.id;
const listed = async (headers: Record<string, string> = {}) => {
  const result = await t.trpcQuery<{ builders: PublicBuilder[] }>("builders.list", undefined, headers);
  expect(result.status).toBe(200);
  return result.data.builders;
};

describe("builders.submit", () => {
  it("creates a pending profile, like POST /api/builders", async () => {
    const result = await submit({ name: "Ada", email: "ADA@example.com", twitterHandle: "@ada", tags: ["Developer"] });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ message: BUILDER_JOIN_CHECK_INBOX });
    const [row] = await t.db.select().from(builders).where(eq(builders.email, "ada@example.com"));
    expect(row).toMatchObject({ name: "Ada", twitterHandle: "ada", tags: ["Developer"], status: "pending", emailConfirmedAt: null });
  });

  it("answers an email that has a profile as it answers a new one, whichever surface created it", async () => {
    const rest = await t.inject({
      method: "POST",
      url: "/api/builders",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "Bo", email: "bo@example.com" }),
      remoteAddress: nextAddress(),
    });
    expect(rest.statusCode).toBe(201);
    const result = await submit({ name: "Bo 2", email: "Bo@Example.com" });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ message: BUILDER_JOIN_CHECK_INBOX });
    expect((await t.db.select().from(builders).where(eq(builders.email, "bo@example.com")))[0]?.name).toBe("Bo");
  });

  it("answers BAD_REQUEST with the schema's message", async () => {
    const result = await submit({ name: "A", email: "a@example.com", websiteUrl: "ftp://a.example.com" });
    expect(result.status).toBe(400);
    expect(result.error?.data.code).toBe("BAD_REQUEST");
    expect(result.error?.message).toBe("Website must be a full web address starting with http:// or https://");
    expect(JSON.stringify(result.error)).not.toMatch(/stack|ZodError/);
  });

  it("shares the 5-a-minute budget per address with the REST path", async () => {
    const address = "10.31.0.1";
    for (let i = 0; i < 3; i++) expect((await submit({ name: "R", email: `t${i}@example.com` }, address)).status).toBe(200);
    for (let i = 3; i < 5; i++) {
      const rest = await t.inject({
        method: "POST",
        url: "/api/builders",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ name: "R", email: `t${i}@example.com` }),
        remoteAddress: address,
      });
      expect(rest.statusCode).toBe(201);
    }
    const limited = await submit({ name: "R", email: "t5@example.com" }, address);
    expect(limited.status).toBe(429);
    expect(limited.error?.data.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.error?.message).toBe("Too many requests. Please wait a minute and try again.");
  });
});

describe("builders.list", () => {
  it("returns the same public list as GET /api/builders, with canEdit for the owner only", async () => {
    const owner = await t.createUser("member", { email: "lister@example.com" });
    await submit({ name: "Lister", email: "lister@example.com" });
    const created = { id: await idOf("lister@example.com") };
    expect((await listed()).some((b) => b.id === created.id)).toBe(false);
    await setBuilderStatus(t.db, created.id, "approved");

    const anonymous = await listed();
    const rest = (await t.inject({ method: "GET", url: "/api/builders" })).json<{ builders: PublicBuilder[] }>().builders;
    expect(anonymous).toEqual(rest);
    expect(anonymous.find((b) => b.id === created.id)).toMatchObject({ status: "approved", canEdit: false });
    expect(JSON.stringify(anonymous)).not.toContain("@example.com");

    expect((await listed(owner.headers)).find((b) => b.id === created.id)?.canEdit).toBe(true);
    const stranger = await t.createUser("member");
    expect((await listed(stranger.headers)).find((b) => b.id === created.id)?.canEdit).toBe(false);
  });
});

describe("builders.updateMine", () => {
  const input = { name: "Renamed", bio: "Edited bio", tags: ["Consultant"], twitterHandle: "@renamed" };

  it("answers UNAUTHORIZED without a session", async () => {
    const result = await t.trpcMutation("builders.updateMine", input);
    expect(result.status).toBe(401);
    expect(result.error?.data.code).toBe("UNAUTHORIZED");
  });

  it("answers NOT_FOUND when the member has no profile", async () => {
    const member = await t.createUser();
    const result = await t.trpcMutation("builders.updateMine", input, member.headers);
    expect(result.status).toBe(404);
    expect(result.error?.data.code).toBe("NOT_FOUND");
    expect(result.error?.message).toBe("You have no builder profile yet. Join the community first.");
  });

  it("edits the owner's profile and leaves status and email alone", async () => {
    const member = await t.createUser("member", { email: "editor@example.com" });
    await submit({ name: "Editor", email: "editor@example.com", location: "Oslo" });
    const created = { id: await idOf("editor@example.com") };
    const result = await t.trpcMutation<{ builder: PublicBuilder }>(
      "builders.updateMine",
      { ...input, email: "x@example.com" },
      member.headers,
    );
    expect(result.status).toBe(200);
    expect(result.data.builder).toMatchObject({
      id: created.id,
      name: "Renamed",
      bio: "Edited bio",
      location: null,
      twitterHandle: "renamed",
      tags: ["Consultant"],
      status: "pending",
      canEdit: true,
    });
    const [row] = await t.db.select().from(builders).where(eq(builders.id, created.id));
    expect(row).toMatchObject({ email: "editor@example.com", status: "pending", name: "Renamed" });
  });

  it("answers BAD_REQUEST for invalid input", async () => {
    const member = await t.createUser("member", { email: "bad-edit@example.com" });
    await submit({ name: "Bad", email: "bad-edit@example.com" });
    const result = await t.trpcMutation("builders.updateMine", { name: "Bad", tags: ["Nope"] }, member.headers);
    expect(result.status).toBe(400);
    expect(result.error?.message).toBe("Please choose tags from the list");
  });
});
