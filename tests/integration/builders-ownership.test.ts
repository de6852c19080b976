import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  BUILDER_CONFIRM_INVALID_REDIRECT,
  BUILDER_CONFIRMED_REDIRECT,
  BUILDER_JOIN_CHECK_INBOX,
  type PublicBuilder,
} from "#common/builders/builders.ts";
import { hashToken } from "#server/auth/tokens.ts";
import { builderConfirmationTokens, builders, mailMessages } from "#server/db/schema/index.ts";
import { CONFIRM_EMAIL_TO_EDIT, setBuilderStatus } from "#server/features/builders/service.ts";
import { sessionCookieOf, useTestApp } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };
let addressCount = 0;
const nextAddress = () => `10.70.${addressCount >> 8}.${++addressCount & 255}`;

const join = (body: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: "POST",
    url: "/api/builders",
    headers: { ...json, ...headers },
    payload: JSON.stringify(body),
    remoteAddress: nextAddress(),
  });
const editMine = (body: unknown, headers: Record<string, string>) =>
  t.inject({ method: "PUT", url: "/api/builders/mine", headers: { ...json, ...headers }, payload: JSON.stringify(body) });
const publicList = async (headers: Record<string, string> = {}) =>
  (await t.inject({ method: "GET", url: "/api/builders", headers })).json<{ builders: PublicBuilder[] }>().builders;
const rowOf = async (email: string) => (await t.db.select().from(builders).where(eq(builders.email, email)))[0]!;
const mailsTo = (email: string) =>
  t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)).orderBy(mailMessages.createdAt);

/** The first link to `path` in the mails to the address, as a path and query to request. */
async function linkIn(email: string, path: string): Promise<string> {
  for (const mail of await mailsTo(email)) {
    const found = new RegExp(`http://\\S+(${path.replace("?", "\\?")}\\?token=[a-z2-7]+)`).exec(mail.textBody)?.[1];
    if (found) return found;
  }
  throw new Error(`no ${path} link mailed to ${email}`);
}
const open = (pathAndQuery: string) => t.inject({ method: "GET", url: pathAndQuery });

async function signup(email: string) {
  const response = await t.inject({
    method: "POST",
    url: "/api/auth/signup",
    headers: json,
    payload: JSON.stringify({ name: "Someone", email, password: "secret12" }),
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(201);
  return { headers: { authorization: `Bearer ${response.json().token as string}` }, cookie: sessionCookieOf(response) };
}

describe("a builder's address confirmation", () => {
  it("mails a link (hashed, single use, valid 7 days) that confirms the profile with a 303 to /builders?confirmed=1", async () => {
    expect((await join({ name: "Cleo", email: "Cleo@Example.com" })).statusCode).toBe(201);
    const [mail] = await mailsTo("cleo@example.com");
    expect(mail!.subject).toBe("Confirm your address for The $100 Lab builders");
    expect(mail!.textBody).not.toContain("Cleo");
    const link = await linkIn("cleo@example.com", "/builders/confirm");
    const token = new URLSearchParams(link.split("?")[1]).get("token")!;
    const [stored] = await t.db
      .select()
      .from(builderConfirmationTokens)
      .where(eq(builderConfirmationTokens.id, hashToken(token)));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(7 * 24 * 60 * 60 * 1000 - 5000);
    expect((await rowOf("cleo@example.com")).emailConfirmedAt).toBeNull();

    const first = await open(link);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(BUILDER_CONFIRMED_REDIRECT);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const confirmed = await rowOf("cleo@example.com");
    expect(confirmed.emailConfirmedAt).toBeInstanceOf(Date);
    expect(confirmed.status).toBe("pending");

    const again = await open(link);
    expect(again.headers.location).toBe(BUILDER_CONFIRM_INVALID_REDIRECT);
    expect((await open("/builders/confirm?token=nope")).headers.location).toBe(BUILDER_CONFIRM_INVALID_REDIRECT);
  });

  it("refuses an expired link", async () => {
    await join({ name: "Dora", email: "dora@example.com" });
    const link = await linkIn("dora@example.com", "/builders/confirm");
    const [row] = await t.db.select({ id: builders.id }).from(builders).where(eq(builders.email, "dora@example.com"));
    await t.db
      .update(builderConfirmationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(builderConfirmationTokens.builderId, row!.id));
    expect((await open(link)).headers.location).toBe(BUILDER_CONFIRM_INVALID_REDIRECT);
    expect((await rowOf("dora@example.com")).emailConfirmedAt).toBeNull();
  });

  it("is confirmed too when its address's account is verified", async () => {
    await join({ name: "Eli", email: "eli@example.com" });
    await signup("eli@example.com");
    await open(await linkIn("eli@example.com", "/verify-email"));
    expect((await rowOf("eli@example.com")).emailConfirmedAt).toBeInstanceOf(Date);
  });
});

describe("a join with an address that already has a profile", () => {
  it("answers exactly as a new join, changes nothing, and mails the address how to edit its profile", async () => {
    const fresh = await join({ name: "Finn", email: "finn@example.com", bio: "Original" });
    const before = await rowOf("finn@example.com");
    const duplicate = await join({ name: "Impostor", email: " FINN@example.com", bio: "Replaced" });
    expect(duplicate.statusCode).toBe(fresh.statusCode);
    expect(duplicate.statusCode).toBe(201);
    expect(duplicate.json()).toEqual(fresh.json());
    expect(duplicate.json()).toEqual({ message: BUILDER_JOIN_CHECK_INBOX });
    expect(duplicate.headers["content-type"]).toBe(fresh.headers["content-type"]);
    expect(await rowOf("finn@example.com")).toEqual(before);

    const mails = await mailsTo("finn@example.com");
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your address for The $100 Lab builders", "Your builder profile on The $100 Lab"]);
    const note = mails[1]!.textBody;
    expect(note).toContain(`${t.deps.config.publicUrl}/builders`);
    expect(note).toContain(`${t.deps.config.publicUrl}/login`);
    expect(note).toMatch(/sign in \(or create an account\) with this email address/);
    expect(note).not.toContain("Impostor");
  });

  it("answers the same on tRPC", async () => {
    await join({ name: "Gus", email: "gus@example.com" });
    const result = await t.trpcMutation("builders.submit", { name: "Gus again", email: "gus@example.com" });
    expect(result).toMatchObject({ status: 200, data: { message: BUILDER_JOIN_CHECK_INBOX } });
  });

  it("mails one address at most 3 times an hour, and still answers the same past that", async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await join({ name: `Hal ${i}`, email: "hal@example.com" })).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await mailsTo("hal@example.com")).toHaveLength(3);
  });
});

describe("the takeover of a builder profile, replayed", () => {
  const edit = { name: "Hijacked", bio: "Send money here", websiteUrl: "https://evil.example", tags: [] };

  it("fails at every step where the attacker has no access to the victim's mailbox", async () => {
    const victim = "victim.builder@example.com";
    // 1. The attacker joins with the victim's address: the profile is pending and unconfirmed; the link goes to the victim.
    const joined = await join({ name: "Victor", email: victim, bio: "Real bio" });
    expect(joined.statusCode).toBe(201);
    const row = await rowOf(victim);
    expect(row).toMatchObject({ status: "pending", emailConfirmedAt: null });
    const mailed = await mailsTo(victim);
    expect(mailed).toHaveLength(1);

    // 2. The admin sees it marked unconfirmed, and approves it anyway.
    const admin = await t.createUser("admin");
    const adminList = await t.inject({ method: "GET", url: "/api/builders/admin", headers: admin.headers });
    expect(adminList.json().builders.find((b: { email: string }) => b.email === victim).emailConfirmedAt).toBeNull();
    await setBuilderStatus(t.db, row.id, "approved");

    // 3. The attacker signs up with the victim's address: the account works, but the profile is not theirs.
    const attacker = await signup(victim);
    expect((await t.trpcQuery<{ user: { emailVerified: boolean } }>("auth.me", undefined, attacker.headers)).data.user.emailVerified).toBe(
      false,
    );
    expect((await publicList(attacker.headers)).find((b) => b.id === row.id)?.canEdit).toBe(false);
    expect((await publicList({ cookie: attacker.cookie })).find((b) => b.id === row.id)?.canEdit).toBe(false);
    const trpcList = await t.trpcQuery<{ builders: PublicBuilder[] }>("builders.list", undefined, attacker.headers);
    expect(trpcList.data.builders.find((b) => b.id === row.id)?.canEdit).toBe(false);

    // 4. Editing is refused with 403 on both transports, and the profile is unchanged.
    const rest = await editMine(edit, attacker.headers);
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toEqual({ error: CONFIRM_EMAIL_TO_EDIT });
    const trpc = await t.trpcMutation("builders.updateMine", edit, attacker.headers);
    expect(trpc).toMatchObject({ status: 403, error: { message: CONFIRM_EMAIL_TO_EDIT, data: { code: "FORBIDDEN" } } });
    expect(await rowOf(victim)).toMatchObject({ name: "Victor", bio: "Real bio", websiteUrl: null });

    // 5. Asking for a new link mails the victim, not the attacker; nothing in any answer carries a link.
    const resend = await t.inject({
      method: "POST",
      url: "/api/auth/verify-email/resend",
      headers: attacker.headers,
      remoteAddress: nextAddress(),
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.body).not.toMatch(/token=/);
    const links = await t.db
      .select()
      .from(mailMessages)
      .where(and(like(mailMessages.textBody, "%/verify-email?token=%"), eq(mailMessages.toAddress, victim)));
    expect(links).toHaveLength(2);
    expect(
      await t.db
        .select()
        .from(mailMessages)
        .where(like(mailMessages.textBody, "%/verify-email?token=%"))
        .then((all) => all.every((m) => m.toAddress !== "attacker@example.com")),
    ).toBe(true);

    // 6. An unverified account cannot probe whether an address has a profile: 403 before any lookup.
    const prober = await signup("nobody-has-this@example.com");
    expect((await editMine(edit, prober.headers)).statusCode).toBe(403);
  });

  it("lets the real owner edit once they open the link mailed to them", async () => {
    const owner = "real.owner@example.com";
    await join({ name: "Rita", email: owner, bio: "Mine" });
    await setBuilderStatus(t.db, (await rowOf(owner)).id, "approved");
    const session = await signup(owner);
    expect((await editMine(edit, session.headers)).statusCode).toBe(403);

    const verified = await open(await linkIn(owner, "/verify-email"));
    expect(verified.statusCode).toBe(303);
    const mine = (await publicList(session.headers)).find((b) => b.name === "Rita");
    expect(mine?.canEdit).toBe(true);
    const response = await editMine({ ...edit, name: "Rita R.", bio: "Edited by me" }, session.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().builder).toMatchObject({ name: "Rita R.", bio: "Edited by me", canEdit: true, status: "approved" });
    expect(await rowOf(owner)).toMatchObject({ name: "Rita R.", emailConfirmedAt: expect.any(Date) });
  });

  it("no longer locks the real owner out when someone joined with their address first", async () => {
    const owner = "first.claimed@example.com";
    await join({ name: "Squatter", email: owner });
    // The owner's own join answers as any join does, and mails them.
    const theirs = await join({ name: "Owner", email: owner });
    expect(theirs.statusCode).toBe(201);
    expect((await mailsTo(owner)).at(-1)?.subject).toBe("Your builder profile on The $100 Lab");
    // Signed up and verified, they can edit the profile keyed by their address.
    const session = await signup(owner);
    await open(await linkIn(owner, "/verify-email"));
    const response = await editMine({ ...edit, name: "Owner" }, session.headers);
    expect(response.statusCode).toBe(200);
    expect((await rowOf(owner)).name).toBe("Owner");
  });
});
