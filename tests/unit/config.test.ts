import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config";

describe("loadConfig", () => {
  it("serves a newcomer with defaults: port 3000, embedded database in ./data, rate limits on", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, dataDir: path.resolve("data"), trustProxy: false, rateLimits: true, publicUrl: "http://localhost:3000" });
  });

  it("reads every setting", () => {
    const config = loadConfig({ PORT: "8080", DATABASE_URL: "postgres://u@h/db", TRUST_PROXY: "1", PUBLIC_URL: "https://lab.example/", SMTP_URL: "smtp://h:587", RATE_LIMITS: "off" });
    expect(config).toMatchObject({ port: 8080, databaseUrl: "postgres://u@h/db", trustProxy: true, publicUrl: "https://lab.example", smtpUrl: "smtp://h:587", rateLimits: false });
  });

  it("names each bad value with a clear message", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", TRUST_PROXY: "maybe" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", TRUST_PROXY: "maybe" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT: must be a number");
      expect(message).toContain("DATABASE_URL: must be a URL such as postgres://");
      expect(message).toContain("TRUST_PROXY: must be one of 1, 0, true, false, on, off");
    }
  });

  it("takes the request timeout in milliseconds: 30 s by default, at least 100", () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: "5000" }).requestTimeoutMs).toBe(5000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: "0" })).toThrow("REQUEST_TIMEOUT_MS: must be at least 100 (milliseconds)");
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: "soon" })).toThrow("REQUEST_TIMEOUT_MS: must be a number of milliseconds");
  });
});
