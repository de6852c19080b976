/**
 * What bench:ssr and audit:lighthouse share: the built app started as production runs it, on an embedded
 * database in a throwaway folder, with approved builders in its directory (added through the admin REST path) and
 * shared experiments (through the Lab's tRPC procedures, as the admin's own).
 */
import { execFile, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { BUILDER_TAGS } from "#common/builders/builders.ts";
import { freePort, startServer, stopServer, waitUntilHealthy } from "./bench-support";

const ADMIN = { email: "bench-admin@example.com", password: "bench-password-0123456789" };

export type PublicSite = {
  baseUrl: string;
  server: ChildProcess;
  addBuilder(name: string): Promise<void>;
  /** A running, shared experiment with a week of updates; resolves with the path of its public page. */
  addSharedExperiment(title: string): Promise<string>;
  stop(): Promise<void>;
};

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

  /** A JSON POST from the site's own origin, as the admin once signed in. */
  const post = (pathname: string, body: unknown, cookie = "") =>
    fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const login = await post("/api/auth/login", ADMIN);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0])
    .join("; ");
  if (!login.ok || !cookie) throw new Error(`the bench admin could not sign in (${login.status})`);
  const postAsAdmin = async (pathname: string, body: unknown, failure: string) => {
    const response = await post(pathname, body, cookie);
    if (!response.ok) throw new Error(`${failure} (${response.status}): ${await response.text()}`);
    return response;
  };
  const mutate = async <T>(procedure: string, input: unknown): Promise<T> =>
    ((await (await postAsAdmin(`/trpc/${procedure}`, input, `${procedure} failed`)).json()) as { result: { data: T } }).result.data;

  return {
    baseUrl,
    server,
    async addSharedExperiment(title) {
      const { experiment } = await mutate<{ experiment: { id: string } }>("lab.create", {
        title,
        hypothesis: "Freelancers pay $5 for a budgeting template that splits every invoice into tax, savings and pay.",
        amount: 100,
        targetAmount: 150,
        totalDays: 30,
        targetMetric: "30 sales in a month",
        nextContent: ["Launch thread", "What the first ten buyers said"],
      });
      await mutate("lab.setVisibility", { id: experiment.id, visibility: "shared" });
      await mutate("lab.move", { id: experiment.id, status: "running" });
      for (let day = 1; day <= 7; day++) {
        await mutate("lab.addUpdate", {
          experimentId: experiment.id,
          note: `Day ${day}: posted the template in two communities and answered every question.`,
          spend: 5,
          result: day * 4 - 10,
          attempts: day,
        });
      }
      return `/lab/${experiment.id}`;
    },
    async addBuilder(name) {
      const builder = {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
        title: "Indie maker",
        bio: `${name} runs small, real investing experiments and writes about what they learn.`,
        location: "Lisbon, Portugal",
        currentProject: "A budgeting app for freelancers",
        tags: BUILDER_TAGS.slice(0, 3),
        status: "approved",
      };
      await postAsAdmin("/api/builders/admin", builder, `adding the builder ${name} failed`);
    },
    async stop() {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
