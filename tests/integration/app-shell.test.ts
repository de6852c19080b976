import { describe, expect, it } from "vitest";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

describe("the app shell", () => {
  it("answers /healthz after pinging the database", async () => {
    const response = await t.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("sends security headers with a content security policy", async () => {
    const response = await t.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toBeDefined();
  });

  it("answers unknown API paths with a JSON 404 in the one error shape", async () => {
    const response = await t.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not found" });
  });

  it("logs and hides the details of an unexpected failure", async () => {
    const broken = useBrokenDatabase();
    t.expectErrorLog();
    const response = await t.inject({ method: "POST", url: "/api/auth/login", headers: { "content-type": "application/json" }, payload: JSON.stringify({ email: "a@b.co", password: "whatever" }) });
    broken.restore();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
    expect(response.body).not.toMatch(/select|relation|stack/i);
  });
});

/** Makes the next queries fail the way a lost database connection does. */
function useBrokenDatabase() {
  const db = t.db as unknown as { select: unknown };
  const original = db.select;
  db.select = () => {
    throw new Error('relation "users" does not exist at select ...');
  };
  return { restore: () => (db.select = original) };
}

describe("the admin gate", () => {
  it("guards the system status REST path: 401 anonymous, 403 member, 200 admin and owner", async () => {
    const response = await expectAdminOnlyRest(t, { method: "GET", url: "/api/admin/status" });
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(body.checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "database", ok: true }),
        expect.objectContaining({ name: "storage", ok: true, detail: expect.stringMatching(/GB free on the data disk$/) }),
        expect.objectContaining({ name: "mail", ok: true, detail: expect.stringContaining("Outbox only") }),
      ]),
    );
  });

  it("guards the system status procedure the same way", async () => {
    const response = await expectAdminOnlyProcedure(t, { type: "query", path: "system.status" });
    expect(response.data).toMatchObject({ ok: true });
  });
});
