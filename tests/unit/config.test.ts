import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";

/** The message loadConfig throws for the environment, or fails the test when it accepts it. */
function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("serves a newcomer with defaults: port 3000, embedded database in ./data, rate limits on", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.resolve("data"),
      trustProxy: false,
      behindProxy: false,
      rateLimits: true,
      publicUrl: "http://localhost:3000",
    });
  });

  it("reads every setting", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://u@h/db",
      TRUST_PROXY: "1",
      PUBLIC_URL: "https://lab.example/",
      SMTP_URL: "smtp://h:587",
      RATE_LIMITS: "off",
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: "postgres://u@h/db",
      trustProxy: { hops: 1 },
      behindProxy: true,
      publicUrl: "https://lab.example",
      mail: { provider: "smtp", smtpUrl: "smtp://h:587" },
      rateLimits: false,
    });
  });

  it("names each bad value with the rule it breaks, all of them at once", () => {
    const message = problemsOf({ PORT: "eighty", DATABASE_URL: "mysql://x", TRUST_PROXY: "maybe" });
    expect(message).toContain("PORT: must be a whole number from 0 to 65535");
    expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL, such as postgres://");
    expect(message).toContain(
      "TRUST_PROXY: must be 0, a number of proxy hops (1 behind one load balancer) or a comma-separated list of proxy addresses/CIDRs (not an address or CIDR: maybe)",
    );
  });

  it.each(["-1", "65536", "1.5", "eighty"])("refuses PORT=%s with the range, not 'must be a number'", (port) => {
    expect(problemsOf({ PORT: port })).toContain("PORT: must be a whole number from 0 to 65535");
  });

  it.each(["100", "1.5", "lots"])("refuses BODY_LIMIT_BYTES=%s with its rule", (limit) => {
    expect(problemsOf({ BODY_LIMIT_BYTES: limit })).toContain("BODY_LIMIT_BYTES: must be a whole number of bytes, at least 1024");
  });

  it("names the allowed values of every enumerated setting", () => {
    expect(problemsOf({ LOG_LEVEL: "verbose" })).toContain("LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent");
    expect(problemsOf({ NODE_ENV: "staging" })).toContain("NODE_ENV: must be development, production or test");
    expect(problemsOf({ RATE_LIMITS: "yes" })).toContain("RATE_LIMITS: must be one of 1, 0, true, false, on, off");
    expect(problemsOf({ ANALYTICS_PERSIST: "2" })).toContain("ANALYTICS_PERSIST: must be one of 1, 0, true, false, on, off");
  });

  it("says what an empty or too short text setting needs", () => {
    expect(problemsOf({ HOST: "" })).toContain("HOST: must not be empty");
    expect(problemsOf({ DATA_DIR: "" })).toContain("DATA_DIR: must not be empty");
    expect(problemsOf({ MAIL_FROM: "x" })).toContain("MAIL_FROM: must be a sender address of at least 3 characters");
  });

  it("refuses a URL without a host, or with the wrong scheme, in every environment", () => {
    for (const NODE_ENV of ["development", "test", "production"]) {
      expect(problemsOf({ NODE_ENV, PUBLIC_URL: "http://" })).toContain("PUBLIC_URL: must be a https:// or http:// URL with a host");
      expect(problemsOf({ NODE_ENV, PUBLIC_URL: "lab.example.com" })).toContain(
        "PUBLIC_URL: must be a https:// or http:// URL with a host",
      );
    }
    expect(problemsOf({ SMTP_URL: "smtp://" })).toContain("SMTP_URL: must be a smtp:// or smtps:// URL with a host");
    expect(problemsOf({ REDIS_URL: "http://cache:6379" })).toContain("REDIS_URL: must be a redis:// or rediss:// URL");
  });

  it("accepts a database URL that reaches a Unix socket (no host)", () => {
    expect(loadConfig({ DATABASE_URL: "postgres:///lab?host=/var/run/postgresql" }).databaseUrl).toBe(
      "postgres:///lab?host=/var/run/postgresql",
    );
  });

  describe("in production", () => {
    it("requires PUBLIC_URL, and says which form", () => {
      const message = problemsOf({ NODE_ENV: "production" });
      expect(message).toContain("PUBLIC_URL: is required when NODE_ENV=production");
      expect(message).toContain("http:// only for a loopback host such as http://127.0.0.1:3000");
    });

    it("requires https, except for a loopback host", () => {
      expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: "http://lab.example.com" })).toContain(
        "PUBLIC_URL: must use https:// when NODE_ENV=production",
      );
      expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: "http://10.0.0.5:3000" })).toContain("PUBLIC_URL: must use https://");
      for (const PUBLIC_URL of ["https://lab.example.com", "http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"]) {
        expect(
          loadConfig({ NODE_ENV: "production", PUBLIC_URL, UNSUBSCRIBE_SECRET: "test-unsubscribe-secret-0123456789abcdef" }).publicUrl,
        ).toBe(PUBLIC_URL);
      }
    });

    it("takes an UNSUBSCRIBE_SECRET of at least 32 characters, and starts without one (a stored secret is used)", () => {
      expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://lab.example.com" }).unsubscribeSecret).toBeUndefined();
      expect(problemsOf({ NODE_ENV: "production", PUBLIC_URL: "https://lab.example.com", UNSUBSCRIBE_SECRET: "short" })).toContain(
        "UNSUBSCRIBE_SECRET: must be at least 32 characters",
      );
      expect(loadConfig({ NODE_ENV: "development" }).unsubscribeSecret).toBeUndefined();
    });

    it("lists the production rule beside every other problem", () => {
      const message = problemsOf({ NODE_ENV: "production", PORT: "-1", PUBLIC_URL: "http://lab.example.com" });
      expect(message).toContain("PORT: must be a whole number from 0 to 65535");
      expect(message).toContain("PUBLIC_URL: must use https://");
    });
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

describe("loadConfig: storage", () => {
  const bucket = { S3_BUCKET: "lab-files", S3_ACCESS_KEY_ID: "AKIA", S3_SECRET_ACCESS_KEY: "secret" };

  it("stores files in a folder under DATA_DIR by default", () => {
    expect(loadConfig({ DATA_DIR: "/srv/lab" }).storage).toEqual({ driver: "local", root: path.resolve("/srv/lab/storage") });
  });

  it("uses S3 when S3_BUCKET is set: AWS by default, region auto, virtual-host addressing", () => {
    expect(loadConfig(bucket).storage).toEqual({
      driver: "s3",
      bucket: "lab-files",
      region: "auto",
      endpoint: undefined,
      accessKeyId: "AKIA",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
  });

  it("addresses buckets by path when an endpoint is given (MinIO, s3rver), unless told otherwise", () => {
    const endpoint = "http://127.0.0.1:9000";
    expect(loadConfig({ ...bucket, S3_ENDPOINT: endpoint, S3_REGION: "eu-west-1" }).storage).toMatchObject({
      endpoint,
      region: "eu-west-1",
      forcePathStyle: true,
    });
    expect(loadConfig({ ...bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: "off" }).storage).toMatchObject({ forcePathStyle: false });
  });

  it("names each missing key when S3_BUCKET is set", () => {
    const message = problemsOf({ S3_BUCKET: "lab-files" });
    expect(message).toContain("S3_ACCESS_KEY_ID: is required when S3_BUCKET is set");
    expect(message).toContain("S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set");
  });

  it("refuses S3 settings without a bucket rather than silently storing on disk", () => {
    expect(problemsOf({ S3_ENDPOINT: "https://x.r2.cloudflarestorage.com", S3_ACCESS_KEY_ID: "k" })).toContain(
      "S3_BUCKET: is required when S3_ENDPOINT, S3_ACCESS_KEY_ID are set (leave every S3_ setting empty to store files under DATA_DIR)",
    );
  });

  it("refuses a bad bucket name or endpoint with the rule", () => {
    const message = problemsOf({ ...bucket, S3_BUCKET: "Lab_Files", S3_ENDPOINT: "ftp://x" });
    expect(message).toContain("S3_BUCKET: must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens");
    expect(message).toContain("S3_ENDPOINT: must be a https:// or http:// URL with a host");
  });
});

describe("loadConfig: where mail goes", () => {
  it("keeps mail in the outbox by default, and sends through SMTP when only SMTP_URL is set (as before MAIL_PROVIDER)", () => {
    expect(loadConfig({}).mail).toEqual({ provider: "outbox" });
    expect(loadConfig({ SMTP_URL: "smtps://u:p@smtp.example.com:465" }).mail).toEqual({
      provider: "smtp",
      smtpUrl: "smtps://u:p@smtp.example.com:465",
    });
    expect(loadConfig({ MAIL_PROVIDER: "outbox", SMTP_URL: "smtp://h:25" }).mail).toEqual({ provider: "outbox" });
    expect(loadConfig({ MAIL_PROVIDER: " " }).mail).toEqual({ provider: "outbox" });
  });

  it("reads each provider's settings, with the API address overridable", () => {
    expect(loadConfig({ MAIL_PROVIDER: "resend", RESEND_API_KEY: "re_123" }).mail).toEqual({
      provider: "resend",
      apiKey: "re_123",
      apiBaseUrl: undefined,
    });
    expect(loadConfig({ MAIL_PROVIDER: "sendgrid", SENDGRID_API_KEY: "SG.x", MAIL_API_BASE_URL: "http://127.0.0.1:9000/" }).mail).toEqual({
      provider: "sendgrid",
      apiKey: "SG.x",
      apiBaseUrl: "http://127.0.0.1:9000",
    });
    expect(
      loadConfig({ MAIL_PROVIDER: "mailgun", MAILGUN_API_KEY: "key", MAILGUN_DOMAIN: "mg.example.com", MAILGUN_REGION: "eu" }).mail,
    ).toEqual({
      provider: "mailgun",
      apiKey: "key",
      domain: "mg.example.com",
      region: "eu",
      apiBaseUrl: undefined,
    });
  });

  it("names what a provider is missing, and refuses unknown providers and regions", () => {
    expect(problemsOf({ MAIL_PROVIDER: "resend" })).toContain("RESEND_API_KEY: is required when MAIL_PROVIDER=resend");
    expect(problemsOf({ MAIL_PROVIDER: "sendgrid", SENDGRID_API_KEY: "  " })).toContain(
      "SENDGRID_API_KEY: is required when MAIL_PROVIDER=sendgrid",
    );
    expect(problemsOf({ MAIL_PROVIDER: "smtp" })).toContain("SMTP_URL: is required when MAIL_PROVIDER=smtp");
    const mailgun = problemsOf({ MAIL_PROVIDER: "mailgun" });
    expect(mailgun).toContain("MAILGUN_API_KEY: is required when MAIL_PROVIDER=mailgun");
    expect(mailgun).toContain("MAILGUN_DOMAIN: is required when MAIL_PROVIDER=mailgun");
    expect(problemsOf({ MAIL_PROVIDER: "postmark" })).toContain("MAIL_PROVIDER: must be one of outbox, smtp, resend, sendgrid, mailgun");
    expect(problemsOf({ MAIL_PROVIDER: "mailgun", MAILGUN_API_KEY: "k", MAILGUN_DOMAIN: "d", MAILGUN_REGION: "asia" })).toContain(
      "MAILGUN_REGION: must be us or eu",
    );
  });
});

describe("loadConfig: scheduled backups", () => {
  it("reads the backup schedule (daily by default, off, or a valid cron expression) and how many backups to keep", () => {
    expect(loadConfig({})).toMatchObject({ backupSchedule: "0 3 * * *", backupKeep: 14 });
    expect(loadConfig({ BACKUP_SCHEDULE: "off", BACKUP_KEEP: "3" })).toMatchObject({ backupSchedule: undefined, backupKeep: 3 });
    expect(loadConfig({ BACKUP_SCHEDULE: "*/15 * * * *" }).backupSchedule).toBe("*/15 * * * *");
    expect(problemsOf({ BACKUP_SCHEDULE: "every day" })).toContain("BACKUP_SCHEDULE: must be a cron expression");
    expect(problemsOf({ BACKUP_KEEP: "0" })).toContain("BACKUP_KEEP: must be at least 1");
  });
});

describe("loadConfig: geo data", () => {
  it("uses the bundled data by default; GEOIP_DB_PATH names an operator's .mmdb, where geoip:update also writes", () => {
    expect(loadConfig({ DATA_DIR: "/srv/lab" }).geo).toEqual({
      dbPath: undefined,
      downloadPath: path.resolve("/srv/lab/GeoLite2-City.mmdb"),
      licenseKey: undefined,
      accountId: undefined,
      downloadUrl: "https://download.maxmind.com",
    });
    const geo = loadConfig({
      GEOIP_DB_PATH: "geo/City.mmdb",
      MAXMIND_LICENSE_KEY: "key",
      MAXMIND_ACCOUNT_ID: "12345",
      GEOIP_DOWNLOAD_URL: "http://127.0.0.1:9/",
    }).geo;
    expect(geo).toEqual({
      dbPath: path.resolve("geo/City.mmdb"),
      downloadPath: path.resolve("geo/City.mmdb"),
      licenseKey: "key",
      accountId: "12345",
      downloadUrl: "http://127.0.0.1:9",
    });
  });

  it("refuses a path that is not an .mmdb file, an account id that is not a number and a download URL that is not http(s)", () => {
    const message = problemsOf({
      GEOIP_DB_PATH: "GeoLite2-City.tar.gz",
      MAXMIND_ACCOUNT_ID: "me@example.com",
      GEOIP_DOWNLOAD_URL: "ftp://x",
    });
    expect(message).toContain("GEOIP_DB_PATH: must be the path of a .mmdb file");
    expect(message).toContain("MAXMIND_ACCOUNT_ID: must be the numeric account id");
    expect(message).toContain("GEOIP_DOWNLOAD_URL: must be a https:// or http:// URL");
  });
});

describe("ANALYTICS_RETENTION_DAYS", () => {
  it("keeps every event unless set, and takes a whole number of days", () => {
    expect(loadConfig({}).analyticsRetentionDays).toBeUndefined();
    expect(loadConfig({ ANALYTICS_RETENTION_DAYS: "" }).analyticsRetentionDays).toBeUndefined();
    expect(loadConfig({ ANALYTICS_RETENTION_DAYS: " 400 " }).analyticsRetentionDays).toBe(400);
  });

  it.each(["0", "-5", "30.5", "a year"])("refuses %j with the rule", (value) => {
    expect(problemsOf({ ANALYTICS_RETENTION_DAYS: value })).toContain(
      "ANALYTICS_RETENTION_DAYS: must be a whole number of days, at least 1 (empty: keep every event)",
    );
  });
});

describe("DATABASE_POOL_SIZE and HEAVY_READ_LIMIT", () => {
  it("default to a pool of 10 and heavy reads at a quarter of it", () => {
    const config = loadConfig({});
    expect(config.databasePoolSize).toBe(10);
    expect(config.heavyReadLimit).toBe(2);
  });

  it.each([
    ["1", 1, 1],
    ["3", 3, 1],
    ["25", 25, 6],
    [" 40 ", 40, 10],
    ["", 10, 2],
  ])("reads DATABASE_POOL_SIZE=%j as %i connections, %i heavy reads at once", (value, size, heavy) => {
    const config = loadConfig({ DATABASE_POOL_SIZE: value });
    expect(config.databasePoolSize).toBe(size);
    expect(config.heavyReadLimit).toBe(heavy);
  });

  it.each(["0", "-5", "1.5", "ten", "1001"])("refuses DATABASE_POOL_SIZE=%s with its rule", (value) => {
    expect(problemsOf({ DATABASE_POOL_SIZE: value })).toContain("DATABASE_POOL_SIZE: must be a whole number of connections from 1 to 1000");
  });

  it("takes HEAVY_READ_LIMIT as set, and refuses one below 1", () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: "20", HEAVY_READ_LIMIT: "3" }).heavyReadLimit).toBe(3);
    expect(problemsOf({ HEAVY_READ_LIMIT: "0" })).toContain(
      "HEAVY_READ_LIMIT: must be a whole number of concurrent heavy reads, at least 1",
    );
  });
});
