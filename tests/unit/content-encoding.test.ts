import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { negotiateEncoding, sendEncoded, varyOnAcceptEncoding, type ContentCoding } from "#server/infra/content-encoding.ts";

const pick = (acceptEncoding: string | undefined, available: ContentCoding[] = ["br", "gzip"]) =>
  negotiateEncoding({ headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, available);

describe("negotiateEncoding", () => {
  it("takes the highest q-value, and brotli among equals", () => {
    expect(pick("gzip;q=0.5, br;q=1")).toBe("br");
    expect(pick("br;q=0.5, gzip")).toBe("gzip");
    expect(pick("gzip, deflate, br, zstd")).toBe("br");
    expect(pick("gzip, br")).toBe("br");
  });

  it("reads q=0 as a refusal", () => {
    expect(pick("br;q=0, gzip")).toBe("gzip");
    expect(pick("br; q=0, gzip;q=0.1")).toBe("gzip");
    expect(pick("br;q=0, gzip;q=0")).toBeNull();
  });

  it("reads `*` as any coding not named", () => {
    expect(pick("*")).toBe("br");
    expect(pick("br;q=0, *")).toBe("gzip");
    expect(pick("*;q=0")).toBeNull();
    expect(pick("*;q=0, gzip")).toBe("gzip");
  });

  it("sends the bytes as they are for identity, no header, an unknown coding, or no copy", () => {
    expect(pick("identity")).toBeNull();
    expect(pick(undefined)).toBeNull();
    expect(pick("")).toBeNull();
    expect(pick("zstd")).toBeNull();
    expect(pick("br", ["gzip"])).toBeNull();
    expect(pick("gzip, br", [])).toBeNull();
  });

  it("ignores the case of coding names", () => {
    expect(pick("GZIP")).toBe("gzip");
  });
});

describe("sendEncoded and varyOnAcceptEncoding", () => {
  const app = Fastify();
  app.get("/copies", (request, reply) =>
    sendEncoded(request, reply.header("Vary", "Cookie"), {
      identity: Buffer.from("plain"),
      br: Buffer.from("brotli"),
      gzip: Buffer.from("gzipped"),
    }),
  );
  app.get("/twice", (_request, reply) => varyOnAcceptEncoding(varyOnAcceptEncoding(reply)).send("x"));
  afterAll(() => app.close());

  it("sends the chosen copy with its Content-Encoding, adding Accept-Encoding to Vary", async () => {
    const br = await app.inject({ method: "GET", url: "/copies", headers: { "accept-encoding": "gzip;q=0.5, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toBe("brotli");
    expect(br.headers.vary).toBe("Cookie, Accept-Encoding");
    const plain = await app.inject({ method: "GET", url: "/copies", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("plain");
    expect(plain.headers.vary).toBe("Cookie, Accept-Encoding");
  });

  it("names Accept-Encoding once in Vary", async () => {
    expect((await app.inject({ method: "GET", url: "/twice" })).headers.vary).toBe("Accept-Encoding");
  });
});
