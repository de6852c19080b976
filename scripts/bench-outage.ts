/**
 * npm run bench:outage — a Postgres restart in the middle of load on POST /api/analytics/track.
 *
 * Starts a throwaway Postgres cluster of its own (initdb + pg_ctl on a free port, never the shared
 * server), starts the real server on it (`tsx src/server/main.ts`), drives the track endpoint with
 * 50 connections for 30 s and restarts the cluster (pg_ctl restart -m fast) 10 s in. Meanwhile it
 * polls /healthz and samples how many answered events are not stored yet (the writer's buffer, in
 * seconds of traffic). Then it stops the server with SIGTERM (which flushes the buffer) and prints
 * answered (202), refused (503), stored, lost (answered but not stored) and the seconds from the
 * database's return to a healthy server. Budget: the server lives, nothing answered is lost, and
 * health returns within 5 s.
 *
 * Restarting a server is disruptive, so it runs only with BENCH_ALLOW_PG_RESTART=1.
 */
import autocannon from "autocannon";
import pg from "pg";
import { BENCH_USER_AGENT, freePort, startServer, stopServer, trackBodies, waitUntilHealthy, withDatabase } from "./bench-support";
import { startThrowawayPostgres } from "./throwaway-postgres";

const CONNECTIONS = 50;
const DURATION_SECONDS = 30;
const RESTART_AFTER_SECONDS = 10;
const WARM_UP_SECONDS = 3;
const SAMPLE_EVERY_MS = 100;
const RECOVERY_BUDGET_SECONDS = 5;

if (process.env.BENCH_ALLOW_PG_RESTART !== "1") {
  console.log(
    "bench:outage restarts a Postgres server in the middle of the load. It starts a throwaway cluster of its own\n" +
      "(initdb + pg_ctl from /usr/lib/postgresql/<version>/bin, or PG_BIN, on a free port) and never touches another\n" +
      "server, but it needs your consent to run: BENCH_ALLOW_PG_RESTART=1 npm run bench:outage",
  );
  process.exit(0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answered events minus stored rows, sampled while the load runs: what sits in the writer's buffer. */
async function storedCount(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on("error", () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ stored: number }>("select count(*)::int as stored from analytics_events");
    return rows[0]?.stored;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const cluster = await startThrowawayPostgres();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("create database bench_outage");
  await admin.end();
  const databaseUrl = withDatabase(cluster.url, "bench_outage");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startServer(databaseUrl, port);
  // Interrupted (Ctrl-C): still stop the server and the cluster (pg_ctl runs it in the background) and delete
  // it. Ctrl-C reaches this process twice (from the terminal and relayed by tsx): later ones must not cut it short.
  let interrupted = false;
  process.on("SIGINT", () => {
    if (interrupted) return;
    interrupted = true;
    child.kill("SIGKILL");
    void cluster.remove().finally(() => process.exit(130));
  });
  let crashed: string | undefined;
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) crashed = `exit code ${code ?? "-"}${signal ? `, signal ${signal}` : ""}`;
  });
  const stop = () => {
    stopping = true;
    return stopServer(child);
  };

  try {
    await waitUntilHealthy(baseUrl, child);
    const statuses = new Map<number, number>();
    const answered = () => statuses.get(202) ?? 0;
    const load = (connections: number, seconds: number) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const options = {
          url: `${baseUrl}/api/analytics/track`,
          connections,
          duration: seconds,
          headers: { "content-type": "application/json", "user-agent": BENCH_USER_AGENT },
          requests: trackBodies().map((body) => ({ method: "POST" as const, body })),
        };
        const instance = autocannon(options, (error, result) => (error ? reject(error as Error) : resolve(result)));
        instance.on("response", (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
      });
    process.stdout.write(`warming up for ${WARM_UP_SECONDS} s...\n`);
    await load(10, WARM_UP_SECONDS);

    process.stdout.write(`${CONNECTIONS} connections for ${DURATION_SECONDS} s, restarting Postgres after ${RESTART_AFTER_SECONDS} s...\n`);
    const loadStart = performance.now();
    const answeredAtStart = answered();
    const finished = load(CONNECTIONS, DURATION_SECONDS);

    /** performance.now() when the restart began, when Postgres took connections again, and when /healthz said ok again. */
    const timeline: { restartBegan?: number; databaseBack?: number; healthyAgain?: number } = {};
    let healthFailures = 0;
    const bufferedSeconds: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const began = performance.now();
        const stored = timeline.restartBegan === undefined ? await storedCount(databaseUrl) : undefined;
        const sent = answered();
        const elapsed = (performance.now() - loadStart) / 1000;
        const rate = (sent - answeredAtStart) / elapsed;
        if (stored !== undefined && elapsed > 1 && rate > 0) bufferedSeconds.push(Math.max(0, sent - stored) / rate);
        const healthy = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
          (response) => response.ok,
          () => false,
        );
        if (!healthy && timeline.restartBegan !== undefined) healthFailures += 1;
        if (healthy && timeline.databaseBack !== undefined) timeline.healthyAgain ??= performance.now();
        await sleep(Math.max(0, SAMPLE_EVERY_MS - (performance.now() - began)));
      }
    })();

    await sleep(RESTART_AFTER_SECONDS * 1000);
    const restartBegan = (timeline.restartBegan = performance.now());
    await cluster.restart();
    const databaseBack = (timeline.databaseBack = performance.now());
    process.stdout.write(`Postgres restarted in ${((databaseBack - restartBegan) / 1000).toFixed(1)} s\n`);
    const result = await finished;
    sampling = false;
    await sampler;

    const exitCode = crashed ? undefined : await stop();
    const stored = (await storedCount(databaseUrl)) ?? Number.NaN;
    const total = answered();
    const lost = Math.max(0, total - stored);
    const recoverSeconds = timeline.healthyAgain === undefined ? undefined : (timeline.healthyAgain - databaseBack) / 1000;
    const others = [...statuses].filter(([status]) => status !== 202 && status !== 503);

    console.log("");
    console.table([
      {
        "answered (202)": total,
        "refused (503)": statuses.get(503) ?? 0,
        "other statuses": others.map(([status, count]) => `${status}x${count}`).join(" ") || "-",
        "socket errors": result.errors,
        stored,
        lost,
      },
    ]);
    console.log(`server: ${crashed ? `CRASHED (${crashed})` : `alive through the restart, stopped with code ${exitCode}`}`);
    console.log(`throughput: ${Math.round(result.requests.average)} req/s on average, p99 ${result.latency.p99} ms`);
    console.log(
      `writer's buffer before the restart, in seconds of traffic: median ${median(bufferedSeconds).toFixed(2)} s, max ${Math.max(0, ...bufferedSeconds).toFixed(2)} s (${bufferedSeconds.length} samples)`,
    );
    console.log(`/healthz failed ${healthFailures} times (every ${SAMPLE_EVERY_MS} ms) from the restart on`);
    console.log(
      `seconds from the database's return to a healthy server: ${recoverSeconds === undefined ? "never" : recoverSeconds.toFixed(2)} (budget ${RECOVERY_BUDGET_SECONDS} s)`,
    );
    const passed = !crashed && lost === 0 && recoverSeconds !== undefined && recoverSeconds <= RECOVERY_BUDGET_SECONDS;
    console.log(passed ? "PASS" : "FAIL");
    process.exitCode = passed ? 0 : 1;
  } finally {
    if (!crashed) await stop().catch(() => {});
    await cluster.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
