/**
 * npm run bench:assets — the site assets on the real (compiled) server.
 *
 * 1. The 18-file favicon set (ICO, 16 PNGs, manifest) drawn in this process from an emoji and from a text
 *    design: p50 and p95 after a warm-up (budget: p50 at most 1 s), then generated and stored through the
 *    server's own siteAssets.generateFavicon.
 *    Each OG template's render (scripts/bench-assets-og.ts; budget: p50 at most 300 ms).
 * 2. Serving, with autocannon in alternating turns against @fastify/static serving the same bytes from disk
 *    in a second process (budget: at least 0.5 of its requests per second): /favicon.ico, and the OG image
 *    the server published (siteAssetsOg.update).
 * 3. GET / with the head written in by the server against the plain built index.html (budget: at least 0.7).
 *
 * A throwaway Postgres database (BENCH_DATABASE_URL overrides the server) and data folder, dropped after.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { DEFAULT_FAVICON_CONFIG, type FaviconConfig } from "#common/site-assets/favicon.ts";
import { makeFaviconFiles } from "#server/features/site-assets/index.ts";
import { benchOgTemplates, designOf, OG_P50_BUDGET_MS } from "./bench-assets-og";
import {
  alternatingRates,
  createThrowawayDatabase,
  freePort,
  percentile,
  startServer,
  startStaticServer,
  stopServer,
  waitUntilHealthy,
} from "./bench-support";

const SET_RUNS = 7;
const MAX_SET_P50_MS = 1000;
const MIN_STATIC_RATIO = 0.5;
const MIN_PAGE_RATIO = 0.7;
const CONNECTIONS = 20;
const TURNS = 3;
const TURN_SECONDS = 3;
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };
const MANIFEST = { name: "The $100 Lab", themeColor: "#facc15" };
const DESIGNS: Array<[string, FaviconConfig]> = [
  ["emoji", DEFAULT_FAVICON_CONFIG],
  ["text", { ...DEFAULT_FAVICON_CONFIG, type: "text", text: "$1", backgroundColor: "#111827", textColor: "#facc15" }],
];

type Row = { what: string; figure: string; budget: string; ok: boolean };
const rows: Row[] = [];
const OG_RUNS = 10;

async function timeOgRenders() {
  const { timings } = await benchOgTemplates(OG_RUNS);
  for (const { template, p50, p95, ok } of timings) {
    rows.push({
      what: `OG image render (${template})`,
      figure: `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
      budget: `p50 <= ${OG_P50_BUDGET_MS} ms`,
      ok,
    });
  }
}

async function timeFaviconSets() {
  for (const [name, config] of DESIGNS) {
    await makeFaviconFiles(config, MANIFEST); // warm-up: sharp, satori and the font load once
    const times: number[] = [];
    for (let run = 0; run < SET_RUNS; run++) {
      const started = performance.now();
      const { files } = await makeFaviconFiles(config, MANIFEST);
      times.push(performance.now() - started);
      if (files.size !== 18) throw new Error(`the ${name} set has ${files.size} files`);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    rows.push({
      what: `favicon set, 18 files (${name})`,
      figure: `p50 ${p50.toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
      budget: `p50 <= ${MAX_SET_P50_MS} ms`,
      ok: p50 <= MAX_SET_P50_MS,
    });
  }
}

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "inherit"] });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });

async function adminToken(origin: string, databaseUrl: string): Promise<string> {
  await run(["dist/server/create-admin.js", "--email", ADMIN.email, "--password", ADMIN.password, "--name", "Bench Admin"], {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    PUBLIC_URL: origin,
  });
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function adminMutation(origin: string, token: string, procedure: string, input: unknown): Promise<unknown> {
  const response = await fetch(`${origin}/trpc/${procedure}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`${procedure} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { result: { data: unknown } }).result.data;
}

async function generateThroughServer(origin: string, token: string) {
  const started = performance.now();
  await adminMutation(origin, token, "siteAssets.generateFavicon", DESIGNS[1]![1]);
  rows.push({
    what: "generate + store through the server",
    figure: `${(performance.now() - started).toFixed(0)} ms (first call: loads sharp and satori)`,
    budget: "-",
    ok: true,
  });
}

/** Publishes an OG image through the server; answers its URL. */
const publishOgImage = async (origin: string, token: string) =>
  ((await adminMutation(origin, token, "siteAssetsOg.update", designOf("modern"))) as { url: string }).url;

/** Requests per second of the app against @fastify/static for the same bytes, in alternating turns. */
async function compare(what: string, appUrl: string, staticUrl: string, minRatio: number) {
  const rates = await alternatingRates(appUrl, staticUrl, TURNS, (url) =>
    autocannon({ url, connections: CONNECTIONS, duration: TURN_SECONDS }),
  );
  const [app, yardstick, notOk] = [rates.app.perSecond, rates.yardstick.perSecond, rates.app.notOk];
  const ratio = app / yardstick;
  rows.push({
    what,
    figure: `${app.toFixed(0)} vs ${yardstick.toFixed(0)} req/s = ${ratio.toFixed(2)}${notOk ? ` (${notOk} not 200)` : ""}`,
    budget: `>= ${minRatio}`,
    ok: ratio >= minRatio && notOk === 0,
  });
}

async function main() {
  await timeOgRenders();
  await timeFaviconSets();
  const database = await createThrowawayDatabase("bench_assets");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-assets-"));
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = startServer(database.url, port, { DATA_DIR: dataDir });
    children.push(server);
    await waitUntilHealthy(origin, server);
    const token = await adminToken(origin, database.url);
    await generateThroughServer(origin, token);
    const ogImagePath = await publishOgImage(origin, token);

    // The yardstick serves the very bytes the app serves, and the built index.html as it is on disk.
    const staticRoot = path.join(dataDir, "static");
    fs.mkdirSync(staticRoot);
    for (const file of ["favicon.ico", ogImagePath.slice(1)]) {
      fs.writeFileSync(path.join(staticRoot, file), Buffer.from(await (await fetch(`${origin}/${file}`)).arrayBuffer()));
    }
    fs.copyFileSync("dist/client/index.html", path.join(staticRoot, "index.html"));
    const staticPort = await freePort();
    const staticOrigin = `http://127.0.0.1:${staticPort}`;
    children.push(await startStaticServer(staticRoot, staticPort, "/favicon.ico"));

    await compare("/favicon.ico from storage", `${origin}/favicon.ico`, `${staticOrigin}/favicon.ico`, MIN_STATIC_RATIO);
    await compare("the OG image from storage", `${origin}${ogImagePath}`, `${staticOrigin}${ogImagePath}`, MIN_STATIC_RATIO);
    await compare("GET / with its head vs index.html", `${origin}/`, `${staticOrigin}/index.html`, MIN_PAGE_RATIO);
  } finally {
    for (const child of children) await stopServer(child).catch(() => child.kill("SIGKILL"));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const width = Math.max(...rows.map((row) => row.what.length));
  const figureWidth = Math.max(...rows.map((row) => row.figure.length));
  process.stdout.write(`\n${"measure".padEnd(width)}  ${"figure".padEnd(figureWidth)}  budget\n`);
  for (const row of rows)
    process.stdout.write(`${row.what.padEnd(width)}  ${row.figure.padEnd(figureWidth)}  ${row.budget}${row.ok ? "" : "  OVER BUDGET"}\n`);
  const passed = rows.every((row) => row.ok);
  process.stdout.write(passed ? "PASS: within budget\n" : "FAIL: over budget\n");
  if (!passed) process.exitCode = 1;
}

await main();
