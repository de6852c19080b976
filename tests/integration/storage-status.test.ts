import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { createS3Storage } from "#server/infra/storage/s3-storage.ts";
import { startS3Server, type TestS3Server } from "../helpers/s3-server";
import { useTestApp } from "../helpers/test-app";

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.remove();
});

// Registered after the server starts, so the app is built on it.
const t = useTestApp({ storage: () => createS3Storage(s3.config) });

async function storageCheck() {
  const admin = await t.createUser("admin");
  const response = await t.inject({ method: "GET", url: "/api/admin/status", headers: admin.headers });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ ok: boolean; checks: Array<{ name: string; ok: boolean; detail: string }> }>();
  return { ok: body.ok, storage: body.checks.find((check) => check.name === "storage") };
}

describe("the status banner on S3 storage", () => {
  it("probes the configured bucket, not the data folder", async () => {
    const { ok, storage } = await storageCheck();
    expect(ok).toBe(true);
    expect(storage).toEqual({
      name: "storage",
      ok: true,
      detail: expect.stringMatching(/^S3 bucket "lab-test" at http:\/\/127\.0\.0\.1:\d+ accepts writes$/),
    });
  });

  it("reports the bucket as down with the reason when the service is away", async () => {
    await s3.stop();
    const { ok, storage } = await storageCheck();
    expect(ok).toBe(false);
    expect(storage?.ok).toBe(false);
    expect(storage?.detail).toMatch(/could not write \.status-probe\/\w+: the connection was refused/);
  });
});
