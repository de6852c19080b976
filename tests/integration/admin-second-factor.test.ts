import { describe, expect, it } from "vitest";
import { SECOND_FACTOR_SETUP_REQUIRED } from "#common/second-factors/second-factors.ts";
import { passkeys } from "#server/db/schema/index.ts";
import { useTestApp } from "../helpers/test-app";
import { totpCode } from "../helpers/totp";

/*
 * ADMIN_2FA=required: an admin without a passkey or two-factor codes reaches no admin procedure or path, on
 * tRPC and REST, until they add one on their account page (member procedures, which stay open to them).
 */
const t = useTestApp({ env: { ADMIN_2FA: "required" } });

describe("ADMIN_2FA=required", () => {
  it("holds an admin without a second factor at enrolment until codes are on", async () => {
    const admin = await t.createUser("admin");
    const me = await t.trpcQuery<{ secondFactorSetupRequired: boolean }>("auth.me", undefined, admin.headers);
    expect(me.data.secondFactorSetupRequired).toBe(true);

    const procedure = await t.trpcQuery("waitlist.adminList", { page: 1, pageSize: 10 }, admin.headers);
    expect(procedure.status).toBe(403);
    expect(procedure.error?.message).toBe(SECOND_FACTOR_SETUP_REQUIRED);
    const generated = await t.inject({ method: "GET", url: "/api/waitlist/admin", headers: admin.headers });
    expect(generated.statusCode).toBe(403);
    expect(generated.json()).toEqual({ error: SECOND_FACTOR_SETUP_REQUIRED });
    // A hand-written admin path (guards.admin) refuses the same way.
    const handWritten = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: admin.headers });
    expect(handWritten.statusCode).toBe(403);

    // Enrolment is reachable: it is the account's own.
    const start = await t.trpcMutation<{ secret: string }>("account.totpStart", undefined, admin.headers);
    expect(start.status).toBe(200);
    const confirm = await t.trpcMutation("account.totpConfirm", { code: totpCode(start.data.secret, Date.now()) }, admin.headers);
    expect(confirm.status).toBe(200);

    expect(
      (await t.trpcQuery<{ secondFactorSetupRequired: boolean }>("auth.me", undefined, admin.headers)).data.secondFactorSetupRequired,
    ).toBe(false);
    expect((await t.trpcQuery("waitlist.adminList", { page: 1, pageSize: 10 }, admin.headers)).status).toBe(200);
    expect((await t.inject({ method: "GET", url: "/api/waitlist/admin", headers: admin.headers })).statusCode).toBe(200);
  });

  it("counts a passkey as a second factor", async () => {
    const admin = await t.createUser("admin");
    expect((await t.trpcQuery("waitlist.adminList", { page: 1, pageSize: 10 }, admin.headers)).status).toBe(403);
    await t.db.insert(passkeys).values({
      id: `credential-${admin.user.id}`,
      userId: admin.user.id,
      name: "Laptop",
      publicKey: "AQID",
      deviceType: "singleDevice",
      backedUp: false,
    });
    expect((await t.trpcQuery("waitlist.adminList", { page: 1, pageSize: 10 }, admin.headers)).status).toBe(200);
  });

  it("asks nothing of members, who have no back office to reach", async () => {
    const member = await t.createUser("member");
    const me = await t.trpcQuery<{ secondFactorSetupRequired: boolean }>("auth.me", undefined, member.headers);
    expect(me.data.secondFactorSetupRequired).toBe(false);
    expect((await t.trpcQuery("waitlist.adminList", { page: 1, pageSize: 10 }, member.headers)).error?.message).toBe(
      "You need admin privileges to access this page.",
    );
  });
});

describe("ADMIN_2FA off (the default)", () => {
  const off = useTestApp();
  it("lets an admin without a second factor in", async () => {
    const admin = await off.createUser("admin");
    expect(
      (await off.trpcQuery<{ secondFactorSetupRequired: boolean }>("auth.me", undefined, admin.headers)).data.secondFactorSetupRequired,
    ).toBe(false);
    expect((await off.trpcQuery("waitlist.adminList", { page: 1, pageSize: 10 }, admin.headers)).status).toBe(200);
  });
});
