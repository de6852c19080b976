/**
 * npm run bench:mixed — a busy hour on one instance against Postgres: do sign-ins, the beacon and the landing
 * page keep answering while admins read a heavy analytics dashboard?
 *
 * Creates a throwaway database, starts the compiled server (production mode, rate limits off, the default
 * pool unless DATABASE_POOL_SIZE is set), makes an admin (create-admin) and a member (sign-up), loads
 * 100,000 analytics events into the current hour with one INSERT ... SELECT from generate_series, then drives
 * 200 connections for 60 s (BENCH_SECONDS shortens it), split by class:
 *   beacon     40 %  POST /api/analytics/track
 *   landing    40 %  GET /
 *   sign-in     5 %  POST /api/auth/login (the member)
 *   dashboard  15 %  GET /api/analytics/dashboard (the admin's session)
 * Prints per class: requests, 2xx, 5xx, 503 with Retry-After, p50/p99.
 * PASS: no 5xx (nor socket error or timeout) on sign-in, beacon and landing; sign-in p99 at most 500 ms;
 * dashboards answer (some 2xx, and every 5xx a 503 with Retry-After).
 *
 * BENCH_DATABASE_URL overrides the server to use (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import {
  BENCH_USER_AGENT,
  createThrowawayDatabase,
  freePort,
  startServer,
  stopServer,
  trackBodies,
  waitUntilHealthy,
} from "./bench-support";

const CONNECTIONS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const EVENTS = 100_000;
const SIGN_IN_P99_BUDGET_MS = 500;
const ADMIN = { email: "bench-admin@example.com", password: "bench-password-0123456789" };
const MEMBER = { name: "Bench Member", email: "bench-member@example.com", password: "bench-member-password-0123" };

type ClassName = "beacon" | "landing" | "sign-in" | "dashboard";
const SHARES: Record<ClassName, number> = { beacon: 0.4, landing: 0.4, "sign-in": 0.05, dashboard: 0.15 };

type ClassResult = {
  class: ClassName;
  requests: number;
  "2xx": number;
  "5xx": number;
  "503 + Retry-After": number;
  "other non-2xx": number;
  "errors/timeouts": number;
  "p50 ms": number;
  "p99 ms": number;
  "req/s": number;
};

/** The session cookie of a sign-in, as a Cookie header. */
async function signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0])
    .join("; ");
  if (!response.ok || !cookie) throw new Error(`${credentials.email} could not sign in (${response.status})`);
  return cookie;
}

/** 100,000 events spread over the current hour so far: what the dashboard reads raw (the hour is not rolled up yet). */
async function loadEvents(sql: pg.Client) {
  await sql.query(`
    insert into analytics_events (received_at, event, page, url, session_id, visitor_id, country, device_type, browser, os)
    select
      date_trunc('hour', now()) + random() * (now() - date_trunc('hour', now())),
      case when random() < 0.7 then 'page_view' else 'button_click' end,
      case when random() < 0.3 then '/' else '/page-' || (n % 49) end,
      'https://lab.example/',
      'bench-session-' || (n % 20000),
      md5('bench-visitor-' || (n % 8000)),
      (array['US','GB','DE','FR','JP'])[1 + n % 5],
      case when n % 3 = 0 then 'mobile' else 'desktop' end,
      'Chrome',
      'macOS'
    from generate_series(1, ${EVENTS}) as n`);
  await sql.query("analyze analytics_events");
}

function drive(
  name: ClassName,
  url: string,
  options: { method: "GET" | "POST"; headers: Record<string, string>; bodies?: string[] },
): Promise<ClassResult> {
  let withRetryAfter = 0;
  const connections = Math.round(CONNECTIONS * SHARES[name]);
  const instance = autocannon(
    {
      url,
      connections,
      duration: SECONDS,
      timeout: 30,
      method: options.method,
      headers: options.headers,
      ...(options.bodies ? { requests: options.bodies.map((body) => ({ method: options.method, body })) } : {}),
      setupClient(client) {
        // autocannon's types say parsed headers; the client really passes the parser's {statusCode, headers: [name, value, ...]}.
        client.on("headers", ((raw: unknown) => {
          const { statusCode, headers } = raw as { statusCode: number; headers: string[] };
          if (statusCode !== 503) return;
          for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === "retry-after") withRetryAfter += 1;
        }) as (headers: unknown) => void);
      },
    },
    () => {},
  );
  return new Promise((resolve, reject) => {
    instance.on("done", (result) => {
      const codes = result.statusCodeStats as Record<string, { count: number }>;
      const count = (test: (code: number) => boolean) =>
        Object.entries(codes)
          .filter(([code]) => test(Number(code)))
          .reduce((sum, [, stat]) => sum + Number(stat.count), 0);
      const ok = count((code) => code >= 200 && code < 300);
      const serverErrors = count((code) => code >= 500);
      resolve({
        class: name,
        requests: count(() => true),
        "2xx": ok,
        "5xx": serverErrors,
        "503 + Retry-After": withRetryAfter,
        "other non-2xx": count((code) => code < 200 || (code >= 300 && code < 500)),
        "errors/timeouts": result.errors,
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        "req/s": Math.round((ok + serverErrors) / result.duration),
      });
    });
    instance.on("error", reject);
  });
}

async function main() {
  const database = await createThrowawayDatabase("bench_mixed");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServer(database.url, port);
  const sql = new pg.Client({ connectionString: database.url });
  let passed: boolean;
  try {
    await waitUntilHealthy(baseUrl, server);
    await sql.connect();
    await promisify(execFile)(process.execPath, ["dist/server/create-admin.js", "--email", ADMIN.email, "--password", ADMIN.password], {
      env: { ...process.env, DATABASE_URL: database.url },
    });
    const signup = await fetch(`${baseUrl}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify(MEMBER),
    });
    if (!signup.ok) throw new Error(`the member could not sign up (${signup.status}): ${await signup.text()}`);
    const adminCookie = await signIn(baseUrl, ADMIN);
    process.stdout.write(`loading ${EVENTS.toLocaleString("en")} events into the current hour... `);
    const began = performance.now();
    await loadEvents(sql);
    process.stdout.write(`${((performance.now() - began) / 1000).toFixed(1)} s\n`);
    const pool = process.env.DATABASE_POOL_SIZE ?? "default";
    process.stdout.write(`${CONNECTIONS} connections for ${SECONDS} s (DATABASE_POOL_SIZE: ${pool})...\n`);

    const json = { "content-type": "application/json", "user-agent": BENCH_USER_AGENT, origin: baseUrl };
    const results = await Promise.all([
      drive("beacon", `${baseUrl}/api/analytics/track`, { method: "POST", headers: json, bodies: trackBodies() }),
      // As the browser its user agent names: every browser asks for a compressed page (16.5 KB of brotli instead of
      // 97.7 KB), and without it the socket writes of the plain page took a fifth of the server's CPU.
      drive("landing", `${baseUrl}/`, {
        method: "GET",
        headers: { "user-agent": BENCH_USER_AGENT, accept: "text/html", "accept-encoding": "br, gzip" },
      }),
      drive("sign-in", `${baseUrl}/api/auth/login`, {
        method: "POST",
        headers: json,
        bodies: [JSON.stringify({ email: MEMBER.email, password: MEMBER.password })],
      }),
      drive("dashboard", `${baseUrl}/api/analytics/dashboard`, {
        method: "GET",
        headers: { cookie: adminCookie, "user-agent": BENCH_USER_AGENT },
      }),
    ]);

    console.log("");
    console.table(results);
    const byClass = Object.fromEntries(results.map((result) => [result.class, result])) as Record<ClassName, ClassResult>;
    const problems: string[] = [];
    for (const name of ["sign-in", "beacon", "landing"] as const) {
      const result = byClass[name];
      if (result["5xx"] > 0) problems.push(`${name}: ${result["5xx"]} answers 5xx`);
      if (result["errors/timeouts"] > 0) problems.push(`${name}: ${result["errors/timeouts"]} errors or timeouts`);
      if (result["2xx"] === 0) problems.push(`${name}: no 2xx answer`);
    }
    if (byClass["sign-in"]["p99 ms"] > SIGN_IN_P99_BUDGET_MS) {
      problems.push(`sign-in p99 ${byClass["sign-in"]["p99 ms"]} ms (budget <= ${SIGN_IN_P99_BUDGET_MS} ms)`);
    }
    const dashboard = byClass.dashboard;
    if (dashboard["2xx"] === 0) problems.push("dashboard: no 2xx answer");
    if (dashboard["5xx"] > dashboard["503 + Retry-After"]) {
      problems.push(`dashboard: ${dashboard["5xx"] - dashboard["503 + Retry-After"]} answers 5xx without Retry-After`);
    }
    if (dashboard["errors/timeouts"] > 0) problems.push(`dashboard: ${dashboard["errors/timeouts"]} errors or timeouts`);
    passed = problems.length === 0;
    console.log(passed ? "PASS" : `FAIL:\n  ${problems.join("\n  ")}`);
  } finally {
    const code = await stopServer(server).catch(() => null);
    if (code !== 0) console.log(`the server exited with code ${code}`);
    await sql.end().catch(() => {});
    await database.drop();
  }
  process.exitCode = passed ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
