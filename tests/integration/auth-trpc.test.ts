import { describe, expect, it } from "vitest";
import { sessionCookieOf, useTestApp } from "../helpers/test-app";

const t = useTestApp();
const site = { host: "lab.example", origin: "https://lab.example" };

describe("tRPC auth router", () => {
  it("signs up, reads me, logs out and signs back in through the procedures the client uses", async () => {
    const signup = await t.inject({
      method: "POST",
      url: "/trpc/auth.signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "Flo", email: "Flo@Example.com", password: "secret1" }),
    });
    expect(signup.statusCode).toBe(200);
    const cookie = sessionCookieOf(signup);
    const me = await t.trpcQuery<{ user: { email: string; role: string } }>("auth.me", undefined, { cookie });
    expect(me.data.user).toMatchObject({ email: "flo@example.com", role: "member" });

    const logout = await t.trpcMutation("auth.logout", undefined, { cookie, ...site });
    expect(logout.status).toBe(200);
    expect((await t.trpcQuery<{ user: null }>("auth.me", undefined, { cookie })).data.user).toBeNull();

    const login = await t.trpcMutation<{ user: { name: string } }>("auth.login", { email: "flo@example.com", password: "secret1" });
    expect(login.status).toBe(200);
    expect(login.data.user.name).toBe("Flo");
  });

  it("maps domain errors to tRPC codes with readable messages", async () => {
    await t.createUser("member", { email: "gus@example.com" });
    const taken = await t.trpcMutation("auth.signup", { name: "Gus", email: "gus@example.com", password: "secret1" });
    expect(taken.status).toBe(409);
    expect(taken.error).toMatchObject({ message: "An account with this email already exists", data: { code: "CONFLICT" } });

    const short = await t.trpcMutation("auth.signup", { name: "Gus", email: "gus2@example.com", password: "123" });
    expect(short.status).toBe(400);
    expect(short.error?.message).toBe("Password must be at least 6 characters");

    const wrong = await t.trpcMutation("auth.login", { email: "gus@example.com", password: "wrong-one" });
    expect(wrong.status).toBe(401);
    expect(wrong.error?.message).toBe("Invalid email or password");
  });

  it("answers ok to a logout without a session, as REST does", async () => {
    const anonymous = await t.trpcMutation("auth.logout");
    expect(anonymous.status).toBe(200);
    expect(anonymous.data).toEqual({ ok: true });
  });

  it("mails a reset link through requestPasswordReset and accepts it in confirmPasswordReset", async () => {
    await t.createUser("member", { email: "hal@example.com" });
    const request = await t.trpcMutation<{ message: string }>("auth.requestPasswordReset", { email: "hal@example.com" });
    expect(request.data.message).toMatch(/If an account exists/);
    await t.drainMail();
    // The outbox logs each mail's links; signup's confirmation link went to the same address first.
    const mails = t.logs.filter((entry) => entry.msg.startsWith("outbox mail to hal@example.com")) as unknown as Array<{
      mail: { links: string[] };
    }>;
    const link = mails.flatMap((entry) => entry.mail.links).find((url) => url.includes("/reset-password?"));
    const token = new URL(link!).searchParams.get("token");
    const confirm = await t.trpcMutation("auth.confirmPasswordReset", { token, password: "brand-new" });
    expect(confirm.status).toBe(200);
  });
});
