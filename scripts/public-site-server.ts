/**
 * What bench:ssr and audit:lighthouse share: the built app started as production runs it, on an embedded
 * database in a throwaway folder, with approved builders in its directory (added through the admin REST path).
 */
import { execFile, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { BUILDER_TAGS } from "../src/common/builders";
import { freePort, startServer, stopServer, waitUntilHealthy } from "./bench-support";

const ADMIN = { email: "bench-admin@example.com", password: "bench-password-0123456789" };

export type PublicSite = { baseUrl: string; server: ChildProcess; addBuilder(name: string): Promise<void>; stop(): Promise<void> };

export async function startPublicSite(): Promise<PublicSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-public-site-"));
  const env = { DATA_DIR: dataDir, UNSUBSCRIBE_SECRET: "bench-unsubscribe-secret-0123456789abcdef" };
  await promisify(execFile)(process.execPath, ["dist/server/create-admin.js", "--email", ADMIN.email, "--password", ADMIN.password], {
    env: { ...process.env, ...env, DATABASE_URL: "" },
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServer("", port, env);
  await waitUntilHealthy(baseUrl, server);

  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.getSetCookie().map((line) => line.split(";", 1)[0]).join("; ");
  if (!login.ok || !cookie) throw new Error(`the bench admin could not sign in (${login.status})`);

  return {
    baseUrl,
    server,
    async addBuilder(name) {
      const response = await fetch(`${baseUrl}/api/builders/admin`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, cookie },
        body: JSON.stringify({
          name,
          email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
          title: "Indie maker",
          bio: `${name} runs small, real investing experiments and writes about what they learn.`,
          location: "Lisbon, Portugal",
          currentProject: "A budgeting app for freelancers",
          tags: BUILDER_TAGS.slice(0, 3),
          status: "approved",
        }),
      });
      if (!response.ok) throw new Error(`adding the builder ${name} failed (${response.status}): ${await response.text()}`);
    },
    async stop() {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
