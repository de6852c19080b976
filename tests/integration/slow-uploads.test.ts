import net from "node:net";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MIN_BYTES_PER_WINDOW } from "#server/infra/request-deadline.ts";
import { multipartRequest } from "../helpers/images";
import { useTestApp, type TestUser } from "../helpers/test-app";

// A short request timeout, so that a slow upload outlasts it in a few seconds.
const REQUEST_TIMEOUT_MS = 1000;
const t = useTestApp({ rateLimits: false, env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } });
let port: number;
let admin: TestUser;
let backupFile: Buffer;

beforeAll(async () => {
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  admin = await t.createUser("owner");
  const exported = await t.inject({
    method: "POST",
    url: "/api/backup/export",
    headers: { "content-type": "application/json", ...admin.headers },
    payload: JSON.stringify({ namespaces: ["settings"] }),
  });
  backupFile = exported.rawPayload;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `reset`: the server closed while the client was still sending, so the client saw ECONNRESET (maybe before the 408). */
type Outcome = { answer: string; closedAfterMs: number; reset?: boolean };

/**
 * A dry-run restore whose multipart body starts with `preambleBytes` of preamble (which a multipart reader
 * skips), sent `chunkBytes` every `everyMs` over a raw connection; the rest of the body follows unless `stall`.
 */
async function slowRestore(options: { preambleBytes: number; chunkBytes: number; everyMs: number; stall?: boolean }): Promise<Outcome> {
  const form = await multipartRequest("/api/backup/restore?dryRun=1", { bytes: backupFile, name: "backup.json" }, {}, admin.headers);
  const body = Buffer.concat([Buffer.alloc(options.preambleBytes, "x"), Buffer.from("\r\n"), form.payload as Buffer]);
  const head =
    `POST ${form.url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: ${admin.headers.authorization}\r\n` +
    `Content-Type: ${(form.headers as Record<string, string>)["content-type"]}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return sendSlowly(head, body, { slowBytes: options.preambleBytes, ...options });
}

/**
 * Sends `head`, then the first `slowBytes` of `body`, `chunkBytes` every `everyMs`, then the rest of it at once
 * (unless `stall`), over a raw connection; what came back, and when the server closed.
 */
function sendSlowly(
  head: string,
  body: Buffer,
  options: { slowBytes: number; chunkBytes: number; everyMs: number; stall?: boolean },
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let answer = "";
    let closed = false;
    const socket = net.connect({ host: "127.0.0.1", port }, async () => {
      socket.write(head);
      for (let sent = 0; sent < options.slowBytes && !closed; sent += options.chunkBytes) {
        socket.write(body.subarray(sent, Math.min(sent + options.chunkBytes, options.slowBytes)));
        await sleep(options.everyMs);
      }
      if (!options.stall && !closed && options.slowBytes < body.length) socket.write(body.subarray(options.slowBytes));
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") reject(error);
      closed = true;
      resolve({ answer, closedAfterMs: Date.now() - opened, reset: true });
    });
    socket.on("close", () => {
      closed = true;
      resolve({ answer, closedAfterMs: Date.now() - opened });
    });
  });
}

describe("slow uploads", () => {
  it("an upload that keeps arriving is not cut by the request timeout", async () => {
    // 24 KB every 250 ms for about 3.5 s: three and a half request timeouts, well over the minimum progress.
    const { answer, closedAfterMs } = await slowRestore({ preambleBytes: 14 * 24 * 1024, chunkBytes: 24 * 1024, everyMs: 250 });
    expect(closedAfterMs).toBeGreaterThan(3 * REQUEST_TIMEOUT_MS);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"signed":true');
  });

  it("an upload that stalls is cut: 408 and the connection closed", async () => {
    const { answer, closedAfterMs } = await slowRestore({ preambleBytes: 64 * 1024, chunkBytes: 32 * 1024, everyMs: 100, stall: true });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(closedAfterMs).toBeLessThan(4 * REQUEST_TIMEOUT_MS);
  });

  it("an upload that trickles below the minimum progress is cut", async () => {
    const perWindow = 100 * (REQUEST_TIMEOUT_MS / 100); // 100 bytes every 100 ms
    expect(perWindow).toBeLessThan(UPLOAD_MIN_BYTES_PER_WINDOW);
    const { answer, closedAfterMs, reset } = await slowRestore({ preambleBytes: 100 * 1024, chunkBytes: 100, everyMs: 100 });
    // Cut while the client still sends: its unread bytes may make the close a reset that overtakes the 408.
    expect(reset || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
    expect(answer).not.toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfterMs).toBeLessThan(4 * REQUEST_TIMEOUT_MS);
  });

  it("the same slow body to a route that is not an upload is cut at the request timeout", async () => {
    const body = Buffer.from(`{"email":"${"x".repeat(60 * 1024)}@example.com"}`);
    const head = `POST /api/waitlist/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closedAfterMs, reset } = await sendSlowly(head, body, { slowBytes: body.length, chunkBytes: 4096, everyMs: 250 });
    expect(reset || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(2 * REQUEST_TIMEOUT_MS);
  });
});
