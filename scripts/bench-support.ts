/**
 * What the benches share: a free port, a database URL, the real server as a child process, and the
 * beacon bodies a visit sends.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { onCpu } from "./bench-cpus";

export const BENCH_USER_AGENT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** What the client sends for a visit: a page view, a click, and now and then an error. */
export function trackBodies(): string[] {
  const sessionId = randomBytes(16).toString("hex");
  const common = { sessionId, referrer: "https://news.ycombinator.com/", userAgent: BENCH_USER_AGENT };
  const now = () => new Date().toISOString();
  return [
    { event: "page_view", page: "/", url: "https://lab.example/?utm_source=hn", timestamp: now(), ...common },
    {
      event: "button_click",
      page: "/",
      category: "cta",
      label: "Join the waitlist",
      component: "Hero",
      url: "https://lab.example/",
      timestamp: now(),
      ...common,
    },
    { event: "page_view", page: "/builders", url: "https://lab.example/builders", timestamp: now(), ...common },
    {
      event: "error_occurred",
      page: "/builders",
      url: "https://lab.example/builders",
      message: "TypeError: Cannot read properties of undefined (reading 'map')",
      stack:
        "TypeError: Cannot read properties of undefined (reading 'map')\n    at BuildersList (https://lab.example/assets/index-3f2a.js:1:2345)",
      file: "https://lab.example/assets/index-3f2a.js",
      line: 1,
      column: 2345,
      component: "window",
      timestamp: now(),
      ...common,
    },
  ].map((body) => JSON.stringify(body));
}

/** The Postgres server the benches use, unless BENCH_DATABASE_URL says otherwise. */
export const BENCH_BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh database named after the bench, and the way to drop it again whatever happened. */
export async function createThrowawayDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: BENCH_BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: withDatabase(BENCH_BASE_URL, name),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The V8 flags production starts node with too (npm start, Dockerfile): a 2 MB young generation
 * instead of 16 MB keeps about 30 MB off the resident size under load, at no measurable throughput cost.
 */
export const PRODUCTION_NODE_FLAGS = ["--max-semi-space-size=2", "--max-old-space-size=128"];
/**
 * The environment production sets too (Dockerfile, npm start): two glibc malloc arenas keep image work's memory
 * down, and a fixed mmap threshold hands large image buffers back to the system when they are freed.
 */
export const PRODUCTION_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };
/** The compiled server, as production runs it (each bench's npm script builds what is stale first). */
export const SERVER_ARGS = [...PRODUCTION_NODE_FLAGS, "dist/server/main.js"];

/**
 * A server in production mode with rate limits off, by default the compiled one; stderr is inherited so a
 * crash shows. Node runs the script itself (no wrapper command, or `taskset` that execs it on `cpu`), so
 * its pid is the server's and SIGTERM reaches the server.
 */
export function startServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  { args = SERVER_ARGS, cpu }: { args?: string[]; cpu?: number } = {},
): ChildProcess {
  const [command, commandArgs] = cpu === undefined ? [process.execPath, args] : onCpu(cpu, process.execPath, args);
  return spawn(command, commandArgs, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
      ...PRODUCTION_ENV,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

export async function waitUntilHealthy(baseUrl: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs / 1000} s`);
}

/** SIGTERM (the server flushes its buffered events on close); resolves with the exit code. */
export function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the server did not exit within 90 s of SIGTERM"));
    }, 90_000);
    child.once("exit", (code) => {
      clearTimeout(timeout);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

/** The p-th percentile (nearest rank) of ascending samples. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** @fastify/static serving `root` on `port` in its own process: the yardstick of the serving benches. */
export async function startStaticServer(root: string, port: number, probePath: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-static-server.ts", root, String(port)], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error("the static server exited while starting");
    if (
      await fetch(`http://127.0.0.1:${port}${probePath}`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the static server did not start");
}

export type ServingRate = { perSecond: number; notOk: number };
type LoadResult = { "2xx": number; non2xx: number; errors: number; duration: number };

/**
 * Requests per second of the app's URL and of the yardstick's, driven by `load` in alternating turns: on a
 * shared machine the drift of other work then falls on both alike.
 */
export async function alternatingRates(
  appUrl: string,
  yardstickUrl: string,
  turns: number,
  load: (url: string) => Promise<LoadResult>,
): Promise<{ app: ServingRate; yardstick: ServingRate }> {
  const totals = { app: { ok: 0, seconds: 0, notOk: 0 }, yardstick: { ok: 0, seconds: 0, notOk: 0 } };
  for (let turn = 0; turn < turns; turn++) {
    for (const [kind, url] of [
      ["app", appUrl],
      ["yardstick", yardstickUrl],
    ] as const) {
      const result = await load(url);
      totals[kind].ok += result["2xx"];
      totals[kind].notOk += result.non2xx + result.errors;
      totals[kind].seconds += result.duration;
    }
  }
  const rate = ({ ok, seconds, notOk }: (typeof totals)["app"]): ServingRate => ({ perSecond: ok / seconds, notOk });
  return { app: rate(totals.app), yardstick: rate(totals.yardstick) };
}
