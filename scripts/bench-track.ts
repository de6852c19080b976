/**
 * npm run bench:track — throughput of POST /api/analytics/track on the real server against Postgres.
 *
 * Creates a throwaway database and starts three servers as child processes (production mode, rate
 * limits off): the real one, the real one with ANALYTICS_PERSIST=off, and the same app with a bare route
 * that parses the same JSON body and answers 202. Each is warmed up with 10,000 events, then driven with
 * autocannon (50 connections) in short turns, one server at a time, 20 s each in all: on a shared machine
 * the load of other work drifts, and turns spread that drift over the three alike (on the 2-core VM of
 * decision 026, one turn's ratio ranged from 0.44 to 0.89 within a run; ten turns average more of it than
 * five). Then the servers stop (SIGTERM) and the stored events are counted.
 * Each server runs on a CPU of its own, and autocannon and the database's backends on the others, where the
 * machine has two or more (bench-cpus.ts): what autocannon costs grows with the rate it drives, and on shared
 * cores it took the most from the slowest route. On those, autocannon runs before the database (favourThisSession),
 * so that a backend writing a batch does not hold back the requests of the server it serves.
 * Budgets: persisted throughput at least 0.6 of the non-persisted one and 0.6 of the bare route's, no
 * accepted event lost, and the server's resident memory at most 200 MB after start and after 10,000
 * tracked events.
 * It also prints what each request cost in CPU time (the server's, and for the persisted run the
 * database's too, when Postgres runs on this machine): a steadier view than requests per second when
 * other work shares the cores, since it does not depend on how much of the machine a server got.
 *
 * BENCH_DATABASE_URL overrides the server to use (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import {
  BENCH_USER_AGENT,
  PRODUCTION_NODE_FLAGS,
  SERVER_ARGS,
  freePort,
  startServer,
  stopServer,
  trackBodies,
  waitUntilHealthy,
  createThrowawayDatabase,
} from "./bench-support";
import { favourThisSession, pinProcess, splitCpus, type CpuSplit } from "./bench-cpus";

const CONNECTIONS = 50;
const TURNS = 10;
const TURN_SECONDS = 2;
const MIN_RATIO = 0.6;
const MIN_BARE_RATIO = 0.6;
const WARM_UP_EVENTS = 10_000;
const MAX_RSS_MB = 200;
const BARE_SERVER_ARGS = [...PRODUCTION_NODE_FLAGS, "--import", "tsx", "scripts/bench-bare-server.ts"];
const TRACK_PATH = "/api/analytics/track";
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times, on every mainstream architecture. */
const CLOCK_TICKS_PER_SECOND = 100;
const BARE_PATH = "/bench/bare-track";

type ServerKind = "persisted" | "discarded" | "bare";
type BenchServer = {
  label: string;
  kind: ServerKind;
  child: ChildProcess;
  url: string;
  warmUpOk: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  p99: number;
  /** Requests per second of each turn, in order. */
  turnRates: number[];
  /** CPU seconds the server process spent during its turns (null where /proc is not readable). */
  cpuSeconds: number | null;
  /** ...and the database's backends serving it (persisted run only). */
  databaseCpuSeconds: number | null;
  rss: { started: number | null; afterWarmUp: number | null; afterLoad: number | null };
};

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere or when it is not on this machine. */
function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * The processes of the database backends serving the bench's own database (the server's pool), not the bench's own
 * connection; null when they are not on this machine (a remote BENCH_DATABASE_URL: the same pid here is another
 * process). A backend's process title names its database.
 */
async function databaseBackends(sql: pg.Client, database: string): Promise<number[] | null> {
  const { rows } = await sql.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
    database,
  ]);
  const servesDatabase = (pid: number) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(database);
    } catch {
      return false;
    }
  };
  const pids = rows.map(({ pid }) => pid);
  return pids.every(servesDatabase) ? pids : null;
}

/** The database backends' CPU seconds, summed. */
async function databaseCpuSeconds(sql: pg.Client, database: string): Promise<number | null> {
  const backends = await databaseBackends(sql, database);
  if (!backends) return null;
  let total = 0;
  for (const pid of backends) {
    const seconds = cpuSecondsOf(pid);
    if (seconds === null) return null;
    total += seconds;
  }
  return total;
}

/** Resident memory of a process in MB, from /proc (Linux); null elsewhere. */
function residentMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

const startBenchServerProcess = (databaseUrl: string, port: number, kind: ServerKind, cpus: CpuSplit | null): ChildProcess =>
  startServer(
    databaseUrl,
    port,
    { ANALYTICS_PERSIST: kind === "discarded" ? "off" : "on" },
    { args: kind === "bare" ? [...BARE_SERVER_ARGS, BARE_PATH] : SERVER_ARGS, cpu: cpus?.server },
  );

function load(url: string, connections: number, length: { seconds: number } | { requests: number }) {
  const requests = trackBodies().map((body) => ({ method: "POST" as const, body }));
  return autocannon({
    url,
    connections,
    ...("seconds" in length ? { duration: length.seconds } : { amount: length.requests }),
    headers: { "content-type": "application/json", "user-agent": BENCH_USER_AGENT },
    requests,
  });
}

async function startBenchServer(label: string, kind: ServerKind, databaseUrl: string, cpus: CpuSplit | null): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = startBenchServerProcess(databaseUrl, port, kind, cpus);
  const server: BenchServer = {
    label,
    kind,
    child,
    url: `${origin}${kind === "bare" ? BARE_PATH : TRACK_PATH}`,
    warmUpOk: 0,
    ok: 0,
    non2xx: 0,
    errors: 0,
    seconds: 0,
    p99: 0,
    turnRates: [],
    cpuSeconds: 0,
    databaseCpuSeconds: 0,
    rss: { started: null, afterWarmUp: null, afterLoad: null },
  };
  await waitUntilHealthy(origin, child);
  return server;
}

/** Adds after - before to a running total; unknown as soon as one reading is. */
const addIfKnown = (total: number | null, before: number | null, after: number | null) =>
  total === null || before === null || after === null ? null : total + (after - before);

async function main() {
  const cpus = splitCpus();
  if (cpus && !pinProcess(process.pid, cpus.loadGenerator)) throw new Error("taskset could not move the bench onto its CPUs");
  const database = await createThrowawayDatabase("bench_track");
  const databaseUrl = database.url;
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  /** Whether every database backend could be moved off the servers' CPU (the pool opens them as it needs them). */
  let databasePinned = cpus !== null;
  const pinDatabase = async () => {
    if (!cpus) return;
    const backends = await databaseBackends(sql, databaseName);
    if (!backends?.every((pid) => pinProcess(pid, cpus.loadGenerator))) databasePinned = false;
  };
  const servers: BenchServer[] = [];
  let passed: boolean;
  const restorePriority = cpus ? favourThisSession() : null;
  try {
    // One after the other: each migrates the database at start-up.
    servers.push(await startBenchServer("persisted", "persisted", databaseUrl, cpus));
    servers.push(await startBenchServer("ANALYTICS_PERSIST=off", "discarded", databaseUrl, cpus));
    servers.push(await startBenchServer("bare route, 202", "bare", databaseUrl, cpus));
    const [persisted, discarded, bare] = servers as [BenchServer, BenchServer, BenchServer];
    // What a server holds once started: the geo database is opened right after listening.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const server of servers) server.rss.started = residentMb(server.child.pid);
    await sql.query("truncate analytics_events");

    for (const server of servers) {
      process.stdout.write(`[${server.label}] warming up with ${WARM_UP_EVENTS} events...\n`);
      server.warmUpOk = (await load(server.url, 10, { requests: WARM_UP_EVENTS }))["2xx"];
      server.rss.afterWarmUp = residentMb(server.child.pid);
    }
    process.stdout.write(`${CONNECTIONS} connections, ${TURNS} turns of ${TURN_SECONDS} s per server...\n`);
    for (let turn = 0; turn < TURNS; turn++) {
      for (const server of servers) {
        if (server.kind === "persisted") await pinDatabase();
        const cpuBefore = cpuSecondsOf(server.child.pid);
        const databaseBefore = server.kind === "persisted" ? await databaseCpuSeconds(sql, databaseName) : null;
        const result = await load(server.url, CONNECTIONS, { seconds: TURN_SECONDS });
        const cpuAfter = cpuSecondsOf(server.child.pid);
        const databaseAfter = server.kind === "persisted" ? await databaseCpuSeconds(sql, databaseName) : null;
        server.cpuSeconds = addIfKnown(server.cpuSeconds, cpuBefore, cpuAfter);
        server.databaseCpuSeconds = addIfKnown(server.databaseCpuSeconds, databaseBefore, databaseAfter);
        server.ok += result["2xx"];
        server.non2xx += result.non2xx;
        server.errors += result.errors;
        server.seconds += result.duration;
        server.p99 = Math.max(server.p99, result.latency.p99);
        server.turnRates.push(result["2xx"] / result.duration);
      }
    }
    for (const server of servers) server.rss.afterLoad = residentMb(server.child.pid);
    for (const server of servers) {
      const code = await stopServer(server.child);
      if (code !== 0) process.stdout.write(`[${server.label}] the server exited with code ${code}\n`);
    }

    const stored = (await sql.query<{ stored: number }>("select count(*)::int as stored from analytics_events")).rows[0]?.stored ?? 0;
    const answered = persisted.warmUpOk + persisted.ok;
    // autocannon stops counting at the end of a turn while up to one request per connection is still in
    // flight; the server may store those, so more rows than 2xx answers is expected, never fewer.
    const lost = Math.max(0, answered - stored);
    const unanswered = Math.max(0, stored - answered);
    const rps = (server: BenchServer) => server.ok / server.seconds;
    const ratio = rps(persisted) / rps(discarded);
    const bareRatio = rps(persisted) / rps(bare);
    const megabytes = (value: number | null) => (value === null ? "n/a" : `${value} MB`);
    const microseconds = (seconds: number | null, server: BenchServer) =>
      seconds === null ? "n/a" : Math.round((seconds * 1e6) / server.ok);
    const cpuPerRequest = (server: BenchServer) =>
      server.cpuSeconds === null ? null : (server.cpuSeconds + (server.databaseCpuSeconds ?? 0)) / server.ok;

    console.log("");
    console.table(
      servers.map((server) => ({
        run: server.label,
        "req/s": Math.round(rps(server)),
        "p99 ms": server.p99,
        "CPU µs/req": microseconds(server.cpuSeconds, server),
        "DB CPU µs/req": server.kind === "persisted" ? microseconds(server.databaseCpuSeconds, server) : "",
        "2xx": server.warmUpOk + server.ok,
        "non-2xx": server.non2xx,
        errors: server.errors,
        stored: server.kind === "persisted" ? stored : 0,
        "RSS started": megabytes(server.rss.started),
        [`RSS after ${WARM_UP_EVENTS}`]: megabytes(server.rss.afterWarmUp),
        "RSS after load": megabytes(server.rss.afterLoad),
      })),
    );
    console.log(`server: node ${SERVER_ARGS.join(" ")}`);
    console.log(
      cpus
        ? `CPUs: each server on CPU ${cpus.server}, the load generator on ${cpus.loadGenerator.join(",")}, Postgres ${databasePinned ? "there too" : "where the system puts it (its backends could not be moved)"}; ` +
            (restorePriority
              ? "the load generator before the database on them (nice -20)"
              : "the load generator and the database on them at the same priority")
        : "CPUs: not pinned (fewer than two CPUs, or no taskset): the load generator shares the servers' cores",
    );
    console.log(`events lost (2xx answers minus stored rows, persisted run): ${lost}`);
    console.log(`stored without a counted answer (in flight when a turn ended, at most ${CONNECTIONS * TURNS}): ${unanswered}`);
    console.log(`throughput ratio persisted / not persisted: ${ratio.toFixed(2)} (budget >= ${MIN_RATIO})`);
    console.log(`throughput ratio persisted / bare route: ${bareRatio.toFixed(2)} (budget >= ${MIN_BARE_RATIO})`);
    // The spread of the figure: each turn of the persisted server against the bare route's turn right after it.
    const turnRatios = persisted.turnRates.map((rate, turn) => (rate / bare.turnRates[turn]!).toFixed(2));
    console.log(`  turn by turn: ${turnRatios.join(", ")}; the bare route's turns at ${bare.turnRates.map(Math.round).join(", ")} req/s`);
    const [bareCpu, persistedCpu] = [cpuPerRequest(bare), cpuPerRequest(persisted)];
    if (bareCpu !== null && persistedCpu !== null && persisted.databaseCpuSeconds !== null)
      console.log(
        `CPU per request, bare route / persisted (server and database): ${(bareCpu / persistedCpu).toFixed(2)} (the same comparison, independent of the machine's other load; not a budget)`,
      );
    const { started, afterWarmUp } = persisted.rss;
    console.log(
      `server memory (RSS, persisted run): ${megabytes(started)} after start, ${megabytes(afterWarmUp)} after ${WARM_UP_EVENTS} tracked events (budget <= ${MAX_RSS_MB} MB each)`,
    );
    const memoryWithinBudget = [started, afterWarmUp].every((value) => value === null || value <= MAX_RSS_MB);
    passed =
      ratio >= MIN_RATIO &&
      bareRatio >= MIN_BARE_RATIO &&
      memoryWithinBudget &&
      lost === 0 &&
      persisted.non2xx === 0 &&
      persisted.errors === 0;
    console.log(passed ? "PASS" : "FAIL: over budget");
  } finally {
    restorePriority?.();
    await Promise.allSettled(servers.map((server) => stopServer(server.child)));
    await sql.end();
    await database.drop();
  }
  process.exitCode = passed ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
