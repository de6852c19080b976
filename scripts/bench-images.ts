/**
 * npm run bench:images — the image upload route and the image file route on the real (compiled) server.
 *
 * Creates a throwaway Postgres database and data folder, starts the server (production mode, rate limits off,
 * local storage), signs up a user through REST, then:
 * 1. 20 concurrent uploads of a ~5 MB 12-megapixel JPEG (noise, so it weighs what a phone photo does) through
 *    POST /api/images/upload: uploads per second, p50/p95 latency, and the server's peak resident memory
 *    growth above its idle size (budget: at most 250 MB; image work is capped at the number of cores).
 * 2. Serving one stored (shared) image with autocannon, in alternating turns against @fastify/static serving
 *    the same bytes from disk in a second process (budget: at least 0.5 of its requests per second), then the
 *    same request with If-None-Match (all 304), and the private path a signed-in owner takes (bearer token).
 *
 * 3. The decompression-bomb case, on a server of its own: a ~190 KB PNG of 7000x7000 RGBA (49 megapixels, under
 *    the 50-megapixel cap; 196 MB once decoded) uploaded 8 times at once by one member. After one small warm-up
 *    upload (sharp and file-type load with the first image, about 40 MB once per process) and a settle, it
 *    prints the peak resident growth above that idle size (budget: at most 150 MB) and the resident size
 *    after the uploads settle (budget: back within 30 MB of the idle size within 10 s: nothing kept).
 *
 * `npm run bench:images -- --bomb-only` runs the third case alone.
 * BENCH_DATABASE_URL overrides the server to use (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import type { SavedImage } from "#common/images/images.ts";
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

const UPLOADS = 20;
const MAX_RSS_GROWTH_MB = 250;
const MIN_STATIC_RATIO = 0.5;
const CONNECTIONS = 20;
const TURNS = 3;
const TURN_SECONDS = 3;
const RSS_SAMPLE_MS = 20;
const BOMB_SIDE = 7000;
const BOMB_UPLOADS = 8;
const MAX_BOMB_GROWTH_MB = 150;
const MAX_BOMB_KEPT_MB = 30;
const BOMB_SETTLE_MS = 10_000;

/** A /proc/<pid>/status field in MB (Linux), or null. */
function procMb(pid: number | undefined, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** ~5 MB: gaussian noise at quality 85 compresses about as badly as a 12 MP phone photo. */
const photo = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } } })
    .jpeg({ quality: 85 })
    .toBuffer();

async function signUp(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Bench Person",
      email: `bench-${randomBytes(4).toString("hex")}@example.com`,
      password: "bench-password",
    }),
  });
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** ~190 KB: one flat colour compresses to almost nothing, yet declares 49 megapixels of RGBA. */
const bomb = () =>
  sharp({ create: { width: BOMB_SIDE, height: BOMB_SIDE, channels: 4, background: { r: 40, g: 120, b: 200, alpha: 0.5 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

async function uploadOnce(
  origin: string,
  token: string,
  bytes: Buffer,
  file: { type: string; name: string } = { type: "image/jpeg", name: "phone.jpg" },
): Promise<{ ms: number; image: SavedImage }> {
  const form = new FormData();
  form.append("experimentId", "bench");
  form.append("file", new Blob([new Uint8Array(bytes)], { type: file.type }), file.name);
  const started = performance.now();
  const response = await fetch(`${origin}/api/images/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { success: boolean; image?: SavedImage; error?: string };
  if (response.status !== 201 || !body.image) throw new Error(`upload answered ${response.status}: ${body.error}`);
  return { ms: performance.now() - started, image: body.image };
}

function load(url: string, headers: Record<string, string> = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration: TURN_SECONDS, headers });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 7000x7000 PNG, 8 at once, on a server of its own: peak resident growth and what stays afterwards. */
async function bombCase(): Promise<boolean> {
  const database = await createThrowawayDatabase("bench_images_bomb");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-images-bomb-"));
  let server: ChildProcess | undefined;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = startServer(database.url, port, { DATA_DIR: dataDir });
    await waitUntilHealthy(origin, server);
    const token = await signUp(origin);
    const bytes = await bomb();
    const png = { type: "image/png", name: "bomb.png" };
    // Warm-up: sharp and file-type load with the first image (once per process), not part of what is measured.
    const small = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#336699" } })
      .png()
      .toBuffer();
    await uploadOnce(origin, token, small, png);
    await sleep(2000);
    const idleMb = procMb(server.pid, "VmRSS") ?? 0;
    let peakMb = idleMb;
    const sample = () => (peakMb = Math.max(peakMb, procMb(server?.pid, "VmRSS") ?? 0));
    const sampler = setInterval(sample, RSS_SAMPLE_MS);
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: BOMB_UPLOADS }, () => uploadOnce(origin, token, bytes, png)));
    const seconds = (performance.now() - started) / 1000;
    await sleep(BOMB_SETTLE_MS);
    clearInterval(sampler);
    sample();
    const settledMb = procMb(server.pid, "VmRSS") ?? 0;
    const accepted = results.filter((result) => result.status === "fulfilled").length;
    const refusals = results.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
    const growthMb = peakMb - idleMb;
    const keptMb = settledMb - idleMb;
    process.stdout.write(
      `bomb: ${BOMB_SIDE}x${BOMB_SIDE} RGBA PNG, ${(bytes.length / 1024).toFixed(0)} KB, ${BOMB_UPLOADS} concurrent uploads: ` +
        `${accepted} accepted in ${seconds.toFixed(1)} s${refusals.length ? `; refused: ${[...new Set(refusals)].join(" | ")}` : ""}\n` +
        `  server memory: idle ${idleMb} MB, peak ${peakMb} MB: growth ${growthMb} MB (budget ${MAX_BOMB_GROWTH_MB} MB); ` +
        `${BOMB_SETTLE_MS / 1000} s after: ${settledMb} MB, kept ${keptMb} MB (budget ${MAX_BOMB_KEPT_MB} MB)\n`,
    );
    const passed = accepted === BOMB_UPLOADS && growthMb <= MAX_BOMB_GROWTH_MB && keptMb <= MAX_BOMB_KEPT_MB;
    process.stdout.write(passed ? "PASS: bomb within budget\n" : "FAIL: bomb over budget\n");
    return passed;
  } finally {
    if (server) await stopServer(server).catch(() => server?.kill("SIGKILL"));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const bombPassed = await bombCase();
  if (process.argv.includes("--bomb-only")) {
    if (!bombPassed) process.exitCode = 1;
    return;
  }
  const database = await createThrowawayDatabase("bench_images");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-images-"));
  const children: ChildProcess[] = [];
  let passed: boolean;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = startServer(database.url, port, { DATA_DIR: dataDir });
    children.push(server);
    await waitUntilHealthy(origin, server);
    const token = await signUp(origin);
    const bytes = await photo();
    process.stdout.write(`photo: 4000x3000 JPEG, ${(bytes.length / 1024 / 1024).toFixed(2)} MB; ${os.availableParallelism()} cores\n`);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = procMb(server.pid, "VmRSS");
    let peakMb = idleMb ?? 0;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, procMb(server.pid, "VmRSS") ?? 0);
    }, RSS_SAMPLE_MS);
    const started = performance.now();
    const uploads = await Promise.all(Array.from({ length: UPLOADS }, () => uploadOnce(origin, token, bytes)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, procMb(server.pid, "VmRSS") ?? 0);
    const latencies = uploads.map((upload) => upload.ms).sort((a, b) => a - b);
    const growthMb = idleMb === null ? null : peakMb - idleMb;
    process.stdout.write(
      `uploads: ${UPLOADS} concurrent in ${seconds.toFixed(1)} s = ${(UPLOADS / seconds).toFixed(2)} uploads/s; ` +
        `latency p50 ${(percentile(latencies, 50) / 1000).toFixed(1)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(1)} s\n` +
        `server memory: idle ${idleMb} MB, peak ${peakMb} MB (high-water mark ${procMb(server.pid, "VmHWM")} MB): growth ${growthMb} MB (budget ${MAX_RSS_GROWTH_MB} MB)\n`,
    );

    // Serving: one image, shared so that anyone may fetch it (the public page's case).
    const image = uploads[0]!.image;
    const shared = await fetch(`${origin}/trpc/images.share`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ imageId: image.id, shared: true }),
    });
    if (!shared.ok) throw new Error(`images.share answered ${shared.status}`);
    const served = await fetch(`${origin}${image.url}`);
    const etag = served.headers.get("etag")!;
    const staticRoot = path.join(dataDir, "static");
    fs.mkdirSync(staticRoot);
    fs.writeFileSync(path.join(staticRoot, "image.webp"), Buffer.from(await served.arrayBuffer()));
    const staticPort = await freePort();
    children.push(await startStaticServer(staticRoot, staticPort, "/image.webp"));

    const rates = await alternatingRates(`${origin}${image.url}`, `http://127.0.0.1:${staticPort}/image.webp`, TURNS, (url) => load(url));
    const ratio = rates.app.perSecond / rates.yardstick.perSecond;
    const notModified = await load(`${origin}${image.url}`, { "if-none-match": etag });
    const notModifiedCount = notModified.statusCodeStats?.["304"]?.count ?? 0;
    const privatePath = await load(`${origin}${uploads[1]!.image.url}`, { authorization: `Bearer ${token}` });
    process.stdout.write(
      `serving ${(fs.statSync(path.join(staticRoot, "image.webp")).size / 1024).toFixed(0)} KB, ${CONNECTIONS} connections, ${TURNS} turns of ${TURN_SECONDS} s each:\n` +
        `  /uploads/images/:id (shared): ${rates.app.perSecond.toFixed(0)} req/s (${rates.app.notOk} not 200)\n` +
        `  @fastify/static, same file:   ${rates.yardstick.perSecond.toFixed(0)} req/s (${rates.yardstick.notOk} not 200)\n` +
        `  ratio ${ratio.toFixed(2)} (budget at least ${MIN_STATIC_RATIO})\n` +
        `  If-None-Match: ${(notModifiedCount / notModified.duration).toFixed(0)} req/s, ${notModifiedCount} of ${notModified.requests.total} answered 304\n` +
        `  private image with a bearer token (session lookup): ${(privatePath["2xx"] / privatePath.duration).toFixed(0)} req/s\n`,
    );
    const memoryOk = growthMb !== null && growthMb <= MAX_RSS_GROWTH_MB;
    const allNotModified = notModifiedCount > 0 && notModifiedCount === notModified.requests.total;
    passed = bombPassed && memoryOk && ratio >= MIN_STATIC_RATIO && allNotModified && rates.app.notOk === 0;
    process.stdout.write(passed ? "PASS: within budget\n" : "FAIL: over budget\n");
  } finally {
    for (const child of children) await stopServer(child).catch(() => child.kill("SIGKILL"));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!passed) process.exitCode = 1;
}

await main();
