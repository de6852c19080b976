import { Writable } from "node:stream";
import Fastify from "fastify";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createRequestLogController, DEBUG_REQUEST_LOGS } from "#server/infra/request-log.ts";

/** A real Fastify app with a loud and a quiet route, logging at `level` into an array. */
async function appLoggingAt(level: string) {
  const lines: Array<{
    level: number;
    msg: string;
    req?: { url: string };
    res?: { statusCode: number };
    responseTime?: number;
    reqId?: string;
  }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level }, sink), logController: createRequestLogController() });
  app.get("/loud", async () => ({ ok: true }));
  app.get("/quiet", DEBUG_REQUEST_LOGS, async () => ({ ok: true }));
  app.get("/slow-down", async (_request, reply) => reply.code(429).send({ error: "Too many requests" }));
  app.get("/broken", DEBUG_REQUEST_LOGS, async () => {
    throw new Error("boom");
  });
  await app.ready();
  return { app, lines };
}

describe("request log lines at the route's level", () => {
  it("at info: a quiet route logs nothing, a loud one a single line when answered", async () => {
    const { app, lines } = await appLoggingAt("info");
    await app.inject({ url: "/quiet" });
    expect(lines).toEqual([]);
    await app.inject({ url: "/loud" });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[30, "request completed"]]);
    expect(lines[0]).toMatchObject({
      req: { method: "GET", url: "/loud" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      reqId: expect.any(String),
    });
    await app.close();
  });

  it("at warn: a quiet route stays quiet (the logLevel route option would have made it log at debug)", async () => {
    const { app, lines } = await appLoggingAt("warn");
    await app.inject({ url: "/quiet" });
    await app.inject({ url: "/loud" });
    expect(lines).toEqual([]);
    await app.close();
  });

  it("at debug: a quiet route's line appears at debug", async () => {
    const { app, lines } = await appLoggingAt("debug");
    await app.inject({ url: "/quiet" });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[20, "request completed"]]);
    await app.close();
  });

  it("a 429 answer is written at debug, and an unknown path in one line", async () => {
    const { app, lines } = await appLoggingAt("debug");
    await app.inject({ url: "/slow-down" });
    await app.inject({ url: "/nowhere" });
    expect(lines.map((line) => [line.level, line.msg, line.res?.statusCode])).toEqual([
      [20, "request completed", 429],
      [30, "request completed", 404],
    ]);
    await app.close();
  });

  it("a quiet route's server error is still logged at error level", async () => {
    const { app, lines } = await appLoggingAt("info");
    expect((await app.inject({ url: "/broken" })).statusCode).toBe(500);
    expect(lines.some((line) => line.level === 50)).toBe(true);
    await app.close();
  });
});
