import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
/** `raw` is sent as is; `body` as JSON. */
export type ScriptedAnswer = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };

export type FakeProvider = {
  readonly baseUrl: string;
  /** What it received, oldest first (cleared by reset). */
  readonly requests: RecordedRequest[];
  /** The answers it gives, in order; with none left it answers 500. */
  readonly answers: ScriptedAnswer[];
  reset(): void;
  /** Starts listening; `port` 0 picks a free one (a restart passes the previous one). */
  start(port?: number): Promise<void>;
  stop(): Promise<void>;
};

/** A local HTTP server standing in for a mail provider's REST API: records each request and answers from a script. */
export function createFakeProvider(): FakeProvider {
  let server: http.Server | undefined;
  let baseUrl = "";
  const requests: RecordedRequest[] = [];
  const answers: ScriptedAnswer[] = [];
  return {
    get baseUrl() {
      return baseUrl;
    },
    requests,
    answers,
    reset() {
      requests.length = 0;
      answers.length = 0;
    },
    start(port = 0) {
      server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          requests.push({
            method: request.method!,
            url: request.url!,
            headers: request.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          });
          const answer = answers.shift() ?? { status: 500, body: { message: "the test scripted no answer" } };
          response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
          response.end(answer.raw ?? (answer.body === undefined ? "" : JSON.stringify(answer.body)));
        });
      });
      return new Promise((resolve) =>
        server!.listen(port, "127.0.0.1", () => {
          baseUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
          resolve();
        }),
      );
    },
    stop() {
      return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
