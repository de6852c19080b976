import { describe, expect, it } from "vitest";
import { hashToken } from "#server/auth/tokens.ts";
import { useTestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const t = useTestApp();
// A second instance on the same database (Postgres only): a session ended on one is refused by the other at once.
const b = usesRealPostgres() ? useTestApp({ sameDatabaseAs: t }) : undefined;

describe("the account page's budgets", () => {
  it("refuses any current password after 5 wrong ones in 15 minutes, so a stolen session cannot guess it", async () => {
    const member = await t.createUser("member");
    const change = (currentPassword: string) =>
      t.trpcMutation("account.changePassword", { currentPassword, newPassword: "another-secret" }, member.headers);
    // A right password gives its point back.
    expect((await change("correct-horse")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await change("wrong")).status).toBe(400);
    const refused = await t.trpcMutation("account.delete", { password: "another-secret" }, member.headers);
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toMatch(/^Too many wrong passwords\. Please try again in \d+ minutes\.$/);
  });

  it("mails at most 3 email change links an hour per account", async () => {
    const member = await t.createUser("member");
    const ask = (n: number) =>
      t.trpcMutation("account.requestEmailChange", { email: `change${n}@example.com`, currentPassword: "correct-horse" }, member.headers);
    for (let n = 0; n < 3; n++) expect((await ask(n)).status).toBe(200);
    const fourth = await ask(3);
    expect(fourth.status).toBe(429);
    expect(fourth.error?.message).toBe("Too many email changes were asked for. Use a link already sent or try again later.");
  });
});

describe.skipIf(!b)("a session ended on one instance", () => {
  it("gets 401 at once on the other, on REST and tRPC", async () => {
    const member = await t.createUser("member");
    const other = await t.createUser("member", { email: `two-${Date.now()}@example.com` });
    expect((await b!.trpcQuery("account.sessions", undefined, other.headers)).status).toBe(200);
    const ended = await t.trpcMutation("account.endSession", { id: hashToken(member.token) }, member.headers);
    expect(ended.status).toBe(200);
    expect((await b!.trpcQuery("account.sessions", undefined, member.headers)).status).toBe(401);
    expect((await b!.inject({ method: "GET", url: "/api/account/sessions", headers: member.headers })).statusCode).toBe(401);
    expect((await b!.trpcQuery("account.sessions", undefined, other.headers)).status).toBe(200);
  });
});
