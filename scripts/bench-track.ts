/**
 * npm run bench:track — throughput of POST /api/analytics/track on the real server against Postgres.
 *
 * Creates a throwaway database, starts `tsx src/server/main.ts` as a child process (production mode,
 * rate limits off), warms up, drives the endpoint with autocannon (50 connections, 10 s), stops the
 * server with SIGTERM and counts the stored events. Then the same with ANALYTICS_PERSIST=off.
 * Budget: persisted throughput at least 0.6 of the non-persisted one, and no accepted event lost.
 *
 * BENCH_DATABASE_URL overrides the server to use (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 3;
const MIN_RATIO = 0.6;
const USER_AGENT = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

type RunResult = { label: string; rps: number; p99: number; ok: number; non2xx: number; errors: number; stored: number };

/** What the client sends for a visit: a page view, a click, and now and then an error. */
function bodies(): string[] {
  const sessionId = randomBytes(16).toString("hex");
  const common = { sessionId, referrer: "https://news.ycombinator.com/", userAgent: USER_AGENT };
  const now = () => new Date().toISOString();
  return [
    { event: "page_view", page: "/", url: "https://lab.example/?utm_source=hn", timestamp: now(), ...common },
    { event: "button_click", page: "/", category: "cta", label: "Join the waitlist", component: "Hero", url: "https://lab.example/", timestamp: now(), ...common },
    { event: "page_view", page: "/builders", url: "https://lab.example/builders", timestamp: now(), ...common },
    {
      event: "error_occurred",
      page: "/builders",
      url: "https://lab.example/builders",
      message: "TypeError: Cannot read properties of undefined (reading 'map')",
      stack: "TypeError: Cannot read properties of undefined (reading 'map')\n    at BuildersList (https://lab.example/assets/index-3f2a.js:1:2345)\n    at renderWithHooks (https://lab.example/assets/index-3f2a.js:1:9876)",
      file: "https://lab.example/assets/index-3f2a.js",
      line: 1,
      column: 2345,
      component: "window",
      timestamp: now(),
      ...common,
    },
  ].map((body) => JSON.stringify(body));
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(databaseUrl: string, port: number, persist: boolean): ChildProcess {
  const tsx = path.resolve("node_modules/.bin/tsx");
  return spawn(tsx, ["src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
      ANALYTICS_PERSIST: persist ? "on" : "off",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not become healthy within 60 s");
}

function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the server did not exit within 30 s of SIGTERM"));
    }, 30_000);
    child.once("exit", (code) => {
      clearTimeout(timeout);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

function load(url: string, connections: number, seconds: number) {
  const requests = bodies().map((body) => ({ method: "POST" as const, body }));
  return autocannon({
    url: `${url}/api/analytics/track`,
    connections,
    duration: seconds,
    headers: { "content-type": "application/json", "user-agent": USER_AGENT },
    requests,
  });
}

async function run(label: string, databaseUrl: string, persist: boolean): Promise<RunResult> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = startServer(databaseUrl, port, persist);
    let result: autocannon.Result;
    let warmUpOk: number;
    try {
      await waitUntilHealthy(url, child);
      // The server migrates at start-up, so the table exists from here on.
      await sql.query("truncate analytics_events");
      process.stdout.write(`\n[${label}] warming up for ${WARM_UP_SECONDS} s...\n`);
      warmUpOk = (await load(url, 10, WARM_UP_SECONDS))["2xx"];
      process.stdout.write(`[${label}] ${CONNECTIONS} connections for ${DURATION_SECONDS} s...\n`);
      result = await load(url, CONNECTIONS, DURATION_SECONDS);
    } finally {
      const code = await stopServer(child);
      if (code !== 0) process.stdout.write(`[${label}] the server exited with code ${code}\n`);
    }
    const { rows } = await sql.query<{ stored: number }>("select count(*)::int as stored from analytics_events");
    const stored = rows[0]?.stored ?? 0;
    return {
      label,
      rps: result.requests.average,
      p99: result.latency.p99,
      ok: warmUpOk + result["2xx"],
      non2xx: result.non2xx,
      errors: result.errors,
      stored,
    };
  } finally {
    await sql.end();
  }
}

async function main() {
  const name = `bench_track_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(BASE_URL, name);
  let passed: boolean;
  try {
    const persisted = await run("persisted", databaseUrl, true);
    const discarded = await run("ANALYTICS_PERSIST=off", databaseUrl, false);
    // autocannon stops counting at the deadline while up to one request per connection is still in
    // flight; the server may store those, so more rows than 2xx answers is expected, never fewer.
    const lost = Math.max(0, persisted.ok - persisted.stored);
    const unanswered = Math.max(0, persisted.stored - persisted.ok);
    const ratio = persisted.rps / discarded.rps;

    const rows = [persisted, discarded].map((r) => ({
      run: r.label,
      "req/s": Math.round(r.rps),
      "p99 ms": r.p99,
      "2xx": r.ok,
      "non-2xx": r.non2xx,
      errors: r.errors,
      stored: r.stored,
    }));
    console.log("");
    console.table(rows);
    console.log(`events lost (2xx answers minus stored rows, persisted run): ${lost}`);
    console.log(`stored without a counted answer (in flight when autocannon stopped, at most ${CONNECTIONS + 10}): ${unanswered}`);
    console.log(`throughput ratio persisted / not persisted: ${ratio.toFixed(2)} (budget >= ${MIN_RATIO})`);
    passed = ratio >= MIN_RATIO && lost === 0 && persisted.non2xx === 0 && persisted.errors === 0;
    console.log(passed ? "PASS" : "FAIL: over budget");
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  process.exitCode = passed ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
