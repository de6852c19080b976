/**
 * npm run bench:log-flood — how much a flood of rate-limited requests writes to the log at info level.
 *
 * Starts the server from source (tsx, production mode, LOG_LEVEL=info, rate limits on, embedded PGlite in a
 * throwaway data folder) with its stdout piped here, sends FLOOD_REQUESTS requests (default 600,000) from one
 * address over loopback with autocannon, then stops the server and counts the bytes and lines it wrote.
 * Past the first 600 a minute, every request is answered 429. Budget: at most 10 MB at info for 600,000
 * requests (a smaller run is scaled to 600,000 in the report). FLOOD_MAX_SECONDS bounds the run (default 300).
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, PRODUCTION_NODE_FLAGS, stopServer, waitUntilHealthy } from "./bench-support";

const FULL_FLOOD = 600_000;
const BUDGET_BYTES = 10 * 1024 * 1024;
const requests = Number(process.env.FLOOD_REQUESTS ?? FULL_FLOOD);
const maxSeconds = Number(process.env.FLOOD_MAX_SECONDS ?? 300);
const CONNECTIONS = 50;
/** An API path anyone may ask for: answered 401 while within the ceiling, 429 past it. */
const FLOOD_PATH = "/api/waitlist/stats";

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-log-flood-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, "--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_URL: baseUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      RATE_LIMITS: "on",
      LOG_LEVEL: "info",
      UNSUBSCRIBE_SECRET: "bench-log-flood-unsubscribe-secret-0123456789",
      BACKUP_SCHEDULE: "off",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let startupBytes = 0;
  let floodBytes = 0;
  let flooding = false;
  const linesByLevel = new Map<number, number>();
  let partial = "";
  child.stdout.on("data", (chunk: Buffer) => {
    if (flooding) floodBytes += chunk.length;
    else startupBytes += chunk.length;
    const text = partial + chunk.toString("utf8");
    const lines = text.split("\n");
    partial = lines.pop() ?? "";
    if (!flooding) return;
    for (const line of lines) {
      const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
      linesByLevel.set(level, (linesByLevel.get(level) ?? 0) + 1);
    }
  });

  try {
    // PGlite migrates a fresh data folder first: slow on a busy machine.
    await waitUntilHealthy(baseUrl, child, 180_000);
    flooding = true;
    const started = Date.now();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: `${baseUrl}${FLOOD_PATH}`, connections: CONNECTIONS, amount: requests, timeout: 10 },
        (error, done) => {
          clearTimeout(deadline);
          if (error) reject(error);
          else resolve(done);
        },
      );
      const deadline = setTimeout(() => instance.stop(), maxSeconds * 1000);
    });
    const seconds = (Date.now() - started) / 1000;
    // Let the last lines reach the pipe before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    flooding = false;
    const sent = result.requests.sent;
    const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));
    const scaled = sent > 0 ? (floodBytes / sent) * FULL_FLOOD : 0;
    console.log(
      `Flood of ${sent.toLocaleString("en")} requests from one address to ${FLOOD_PATH} in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)} a second)`,
    );
    console.log(`Answers: ${JSON.stringify(statuses)}, errors ${result.errors}, timeouts ${result.timeouts}`);
    console.log(
      `Logged at info during the flood: ${floodBytes.toLocaleString("en")} bytes in ${[...linesByLevel.values()].reduce((a, b) => a + b, 0)} lines (by level: ${JSON.stringify(Object.fromEntries(linesByLevel))}); start-up wrote ${startupBytes} bytes`,
    );
    console.log(
      `Per request: ${(sent > 0 ? floodBytes / sent : 0).toFixed(2)} bytes; for ${FULL_FLOOD.toLocaleString("en")} requests: ${(scaled / 1024 / 1024).toFixed(2)} MB (budget ${BUDGET_BYTES / 1024 / 1024} MB)`,
    );
    if (scaled > BUDGET_BYTES) process.exitCode = 1;
  } finally {
    await stopServer(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
