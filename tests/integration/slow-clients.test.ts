import net from "node:net";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const REQUEST_TIMEOUT_MS = 500;
const t = useTestApp({ env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } });
let port: number;

beforeAll(async () => {
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});

type Outcome = { answer: string; closedAfterMs: number };

/** Opens a raw connection, writes `start` and then nothing more; resolves when the server closes it. */
function openAndStall(start: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let answer = "";
    const socket = net.connect({ host: "127.0.0.1", port }, () => socket.write(start));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - opened }));
  });
}

const postHead = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;

describe("slow clients", () => {
  it("cuts off bodies that trickle in: 408 and the connection closed, for every one of them", async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => openAndStall(`${postHead("/api/waitlist/join")}{"email":"sl`)));
    for (const { answer, closedAfterMs } of outcomes) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // Cut for being late, not before: a client that keeps within the timeout is never refused.
      expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    }
  });

  it("cuts off headers that never end", async () => {
    const { answer } = await openAndStall("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("closes a connection that never sends a byte", async () => {
    const { answer } = await openAndStall("");
    expect(answer === "" || answer.startsWith("HTTP/1.1 408 ")).toBe(true);
  });

  it("still serves a request that arrives whole", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/waitlist/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "on-time@example.com" }),
    });
    expect(response.status).toBe(201);
  });
});
