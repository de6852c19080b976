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

async function uploadOnce(origin: string, token: string, bytes: Buffer): Promise<{ ms: number; image: SavedImage }> {
  const form = new FormData();
  form.append("experimentId", "bench");
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "phone.jpg");
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

async function main() {
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
    passed = memoryOk && ratio >= MIN_STATIC_RATIO && allNotModified && rates.app.notOk === 0;
    process.stdout.write(passed ? "PASS: within budget\n" : "FAIL: over budget\n");
  } finally {
    for (const child of children) await stopServer(child).catch(() => child.kill("SIGKILL"));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!passed) process.exitCode = 1;
}

await main();
