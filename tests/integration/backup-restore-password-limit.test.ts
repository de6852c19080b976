import { describe, expect, it } from "vitest";
import { multipartRequest } from "../helpers/images";
import { useTestApp, type TestUser } from "../helpers/test-app";

// Named budgets on: the owner's password confirming a restore has its own budget of failures.
const t = useTestApp();
const OWNER_PASSWORD = "correct-horse";

/** A backup in the history (settings only, signed by this site), for backup.restore over tRPC. */
async function exportSettings(admin: TestUser): Promise<{ id: string; bytes: Buffer }> {
  const response = await t.inject({
    method: "POST",
    url: "/api/backup/export",
    headers: { "content-type": "application/json", ...admin.headers },
    payload: JSON.stringify({ namespaces: ["settings"] }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: String(response.headers["x-backup-id"]), bytes: response.rawPayload };
}

const restUpload = async (admin: TestUser, bytes: Buffer, password: string) =>
  t.inject(
    await multipartRequest(
      "/api/backup/restore?dryRun=0",
      { bytes, name: "backup.json", type: "application/json" },
      { password },
      admin.headers,
    ),
  );

describe("the restore password's budget", () => {
  it("5 wrong passwords in 15 minutes, over REST and tRPC together; then every try gets 429 with Retry-After", async () => {
    const admin = await t.createUser("owner", { email: "boss@example.com", password: OWNER_PASSWORD });
    const { id, bytes } = await exportSettings(admin);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (i % 2) statuses.push((await t.trpcMutation("backup.restore", { id, dryRun: false, password: "wrong" }, admin.headers)).status);
      else statuses.push((await restUpload(admin, bytes, "wrong")).statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403]);

    // Past the budget even the right password is refused, so guessing stops here.
    const locked = await restUpload(admin, bytes, OWNER_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many wrong passwords for a restore\. Please try again in (14|15) minutes\.$/);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
    const lockedTrpc = await t.trpcMutation("backup.restore", { id, dryRun: false, password: OWNER_PASSWORD }, admin.headers);
    expect(lockedTrpc.status).toBe(429);
    expect(lockedTrpc.error?.message).toBe(locked.json().error);

    // A dry run needs no password and is not limited by it.
    const dry = await t.trpcMutation("backup.restore", { id, dryRun: true }, admin.headers);
    expect(dry.status).toBe(200);
  });

  it("counts failures per admin, and a right password gives its count back", async () => {
    const admin = await t.createUser("admin");
    const { id, bytes } = await exportSettings(admin);
    for (let i = 0; i < 4; i++) expect((await restUpload(admin, bytes, "wrong")).statusCode).toBe(403);
    // The password is an owner's (boss@example.com from the test above), typed by this admin.
    for (let i = 0; i < 3; i++) expect((await restUpload(admin, bytes, OWNER_PASSWORD)).statusCode).toBe(200);
    expect((await t.trpcMutation("backup.restore", { id, dryRun: false, password: "wrong" }, admin.headers)).status).toBe(403);
    expect((await restUpload(admin, bytes, "wrong")).statusCode).toBe(429);
  });
});
