import { execFile, spawn, type ChildProcess } from "node:child_process";
import { PAGE_DATA_ELEMENT_ID } from "#common/pages/page-hydration.ts";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { openDatabase, type Database } from "#server/db/client.ts";

const run = promisify(execFile);
const SCREENSHOT_DIR = path.resolve("tests/e2e/screenshots");

export type RunningServer = {
  url: string;
  dataDir: string;
  /** JSON log lines the server printed so far (outside production the outbox mailer logs its links there). */
  logs: Array<Record<string, unknown>>;
  /** Stops the process; the data folder is removed unless `keepData` (to inspect it or start again on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Runs a script of the compiled server (dist/server, written by npm run build), as production does. */
const node = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, ["--enable-source-maps", path.resolve("dist/server", script), ...args], { env });

/** The built app (node dist/server/main.js) as a real process on a free port with a fresh data folder (embedded PGlite). */
export async function startServer(
  options: {
    admins?: Array<{ email: string; password: string; name?: string; role?: "admin" | "owner" }>;
    dataDir?: string;
    env?: Record<string, string>;
    /**
     * The host name of PUBLIC_URL and of `url` (the server listens on 127.0.0.1 either way): "localhost" for
     * passkeys, whose relying party id must be a domain name, never an IP address.
     */
    publicHost?: "127.0.0.1" | "localhost";
  } = {},
): Promise<RunningServer> {
  const publicHost = options.publicHost ?? "127.0.0.1";
  const dataDir = options.dataDir ?? (await migratedDataDir());
  const port = await freePort();
  const env = { ...serverEnv(dataDir, port, publicHost), ...options.env };
  for (const admin of options.admins ?? []) {
    const role = admin.role ? ["--role", admin.role] : [];
    await node("create-admin.js", ["--email", admin.email, "--password", admin.password, "--name", admin.name ?? "Admin", ...role], env);
  }
  return spawnServer(env);
}

/** The environment of a server in production mode on the embedded database in `dataDir`. */
type ServerEnv = NodeJS.ProcessEnv & { DATA_DIR: string; PUBLIC_URL: string };
const serverEnv = (dataDir: string, port: number, publicHost: string): ServerEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: "",
  NODE_ENV: "production",
  UNSUBSCRIBE_SECRET: "test-unsubscribe-secret-0123456789abcdef",
  LOG_LEVEL: "info",
  PUBLIC_URL: `http://${publicHost}:${port}`,
});

/**
 * A fresh data folder whose embedded database is already created and migrated: a copy of one the built server made
 * once (per build of dist/server/main.js). Creating and migrating the database is most of a server's start on an empty
 * folder: 10.7 s there against 4.0 s on a migrated one, on the CI's kind of machine, and `create-admin` pays it too.
 */
async function migratedDataDir(): Promise<string> {
  const build = await fs.stat(path.resolve("dist/server/main.js"));
  const template = path.join(os.tmpdir(), `lab-e2e-migrated-${Math.round(build.mtimeMs)}`);
  if (!(await fs.stat(template).catch(() => null))) {
    const making = await fs.mkdtemp(path.join(os.tmpdir(), "lab-e2e-migrating-"));
    await (await spawnServer(serverEnv(making, await freePort(), "127.0.0.1"))).stop({ keepData: true });
    // The schema's jobs claimed their current slots at that start: the first server of each test runs them itself.
    await withStoppedServerDatabase(making, (db) => db.execute(sql`delete from job_slots`));
    // Earlier builds' copies are of no further use.
    for (const entry of await fs.readdir(os.tmpdir()))
      if (entry.startsWith("lab-e2e-migrated-")) await fs.rm(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    await fs.rename(making, template);
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "lab-e2e-"));
  await fs.cp(template, dataDir, { recursive: true });
  return dataDir;
}

/** The built server (node dist/server/main.js) with `env`, once /healthz answers at its PUBLIC_URL. */
async function spawnServer(env: ServerEnv): Promise<RunningServer> {
  const { PUBLIC_URL: url, DATA_DIR: dataDir } = env;
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", path.resolve("dist/server/main.js")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: RunningServer["logs"] = [];
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    logs,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (!keepData) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 860 };

/** A desktop context whose every script arrives `delayMs` late: what a person does meanwhile meets the server's HTML alone. */
export async function lateScripts(browser: Browser, delayMs: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue().catch(() => undefined);
  });
  return context;
}

/**
 * Submits a page's form (the first that `formSelector` finds) at the earliest moment a person could after
 * hydration: right after React's first commit, before any later task. React reports each commit to the DevTools
 * hook, if a page has one (its production build too); this hook queues the submit as a microtask, so it runs once
 * the committing task's own work is done and before anything React left for a later task. A page whose first
 * commit finds no such form is left alone.
 */
export async function submitOnFirstCommit(context: BrowserContext, formSelector = "form") {
  await context.addInitScript((selector) => {
    let committed = false;
    Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
      value: {
        supportsFiber: true,
        inject: () => 1,
        onCommitFiberRoot() {
          if (committed) return;
          committed = true;
          queueMicrotask(() => document.querySelector<HTMLFormElement>(selector)?.requestSubmit());
        },
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  }, formSelector);
}

/**
 * Headless Chromium says "HeadlessChrome" in its user agent, which the analytics ingest rightly drops as
 * a bot: the pages present themselves as the desktop Chromium they are, so their page views are kept.
 */
const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A page in a fresh context (its own cookies and storage) at the given size. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, userAgent: BROWSER_USER_AGENT });
  const page = await context.newPage();
  // A server-rendered page shows its buttons before React runs: journeys start once it has hydrated, as a
  // person's first click on a real connection comes after it.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilHydrated(page);
    return response;
  };
  return page;
}

/** Resolves at once for a client-rendered page; for a server-rendered one, once React has hydrated it. */
export async function untilHydrated(page: Page) {
  await page.waitForFunction((pageDataId) => {
    if (!document.getElementById(pageDataId)) return true;
    const first = document.getElementById("root")?.firstElementChild;
    return first != null && Object.keys(first).some((key) => key.startsWith("__reactFiber"));
  }, PAGE_DATA_ELEMENT_ID);
}

/** Saved under tests/e2e/screenshots (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** `name-1280` at desktop width, then `name-390` at phone width; the page is left at desktop width. */
export async function screenshotAtBothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

/** Signs in through the login form and waits for the back office's landing page. */
export async function signInAsAdmin(page: Page, server: RunningServer, admin: { email: string; password: string }) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(`${server.url}/today`);
}

/** The last link the outbox mailer logged for an address (a server started with NODE_ENV=development). */
export function lastMailedLink(server: RunningServer, to: string): string {
  const mails = server.logs.filter((line) => (line.mail as { to?: string } | undefined)?.to === to);
  const links = (mails.at(-1)?.mail as { links?: string[] } | undefined)?.links;
  if (!links?.[0]) throw new Error(`no mail with a link to ${to}`);
  return links[0];
}

/**
 * The newest link to `path` (e.g. "/waitlist/confirm?token=") in the newest mail to `to` that the outbox logged,
 * or "" while none was sent: for `expect.poll`, then opened as a person clicking it would.
 */
export function lastMailedLinkTo(server: RunningServer, to: string, path: string): string {
  const mails = server.logs.filter((line) => (line.mail as { to?: string } | undefined)?.to === to);
  const links = (mails.at(-1)?.mail as { links?: string[] } | undefined)?.links ?? [];
  return links.find((link) => link.includes(path)) ?? "";
}

/** Works on a stopped server's embedded database, e.g. to check what it stored or to prepare data. */
export async function withStoppedServerDatabase<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
