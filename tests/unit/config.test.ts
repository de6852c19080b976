import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config";

describe("loadConfig", () => {
  it("serves a newcomer with defaults: port 3000, embedded database in ./data, rate limits on", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, dataDir: path.resolve("data"), trustProxy: false, behindProxy: false, rateLimits: true, publicUrl: "http://localhost:3000" });
  });

  it("reads every setting", () => {
    const config = loadConfig({ PORT: "8080", DATABASE_URL: "postgres://u@h/db", TRUST_PROXY: "1", PUBLIC_URL: "https://lab.example/", SMTP_URL: "smtp://h:587", RATE_LIMITS: "off" });
    expect(config).toMatchObject({ port: 8080, databaseUrl: "postgres://u@h/db", trustProxy: { hops: 1 }, behindProxy: true, publicUrl: "https://lab.example", smtpUrl: "smtp://h:587", rateLimits: false });
  });

  it("names each bad value with a clear message", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", TRUST_PROXY: "maybe" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", TRUST_PROXY: "maybe" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT: must be a number");
      expect(message).toContain("DATABASE_URL: must be a URL such as postgres://");
      expect(message).toContain("TRUST_PROXY: must be 0, a number of proxy hops (1 behind one load balancer) or a comma-separated list of proxy addresses/CIDRs (not an address or CIDR: maybe)");
    }
  });

  it.each([
    ["0", false],
    ["off", false],
    ["2", { hops: 2 }],
    ["10.0.0.1", { addresses: ["10.0.0.1"] }],
    [" 10.0.0.0/8, 192.168.1.1 ,::1, fd00::/8, loopback ", { addresses: ["10.0.0.0/8", "192.168.1.1", "::1", "fd00::/8", "loopback"] }],
  ])("reads TRUST_PROXY=%j as a hop count or a list of proxies", (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value })).toMatchObject({ trustProxy, behindProxy: trustProxy !== false });
  });

  it.each([
    ["true", '"true" would trust every hop'],
    ["on", '"true" would trust every hop'],
    ["10.0.0.0/33", "not an address or CIDR: 10.0.0.0/33"],
    ["10.0.0.1, proxy.internal", "not an address or CIDR: proxy.internal"],
    ["-1", "not an address or CIDR: -1"],
    [",", "not an address or CIDR: ,"],
  ])("refuses TRUST_PROXY=%j and says why", (value, reason) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(reason);
  });

  it("takes the request timeout in milliseconds: 30 s by default, at least 100", () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: "5000" }).requestTimeoutMs).toBe(5000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: "0" })).toThrow("REQUEST_TIMEOUT_MS: must be at least 100 (milliseconds)");
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: "soon" })).toThrow("REQUEST_TIMEOUT_MS: must be a number of milliseconds");
  });
});
