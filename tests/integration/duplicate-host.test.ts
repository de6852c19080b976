import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
let port: number;

beforeAll(async () => {
  // A real socket: light-my-request builds headers from an object, which cannot hold a header twice.
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
});

/**
 * Sends the request's bytes as written and resolves with the whole answer once the server closes (the request
 * says Connection: close). The socket stays open for writing: a client that half-closes at once may see Node
 * drop a request whose answer is still on its way (a database round trip).
 */
function send(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(raw));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
  });
}

describe("the Host header", () => {
  it("answers 400 to a request with two Host headers, whatever their case", async () => {
    const answer = await send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nhost: evil.example\r\nConnection: close\r\n\r\n");
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(answer).toContain('{"error":"A request must carry exactly one Host header"}');
  });

  it("serves a request with one", async () => {
    const answer = await send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
  });
});
