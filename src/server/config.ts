import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { PACKAGE_ROOT } from "./infra/package-root";

/**
 * The only reader of process.env. Every default serves a newcomer on one machine:
 * embedded PGlite in ./data, local-folder storage, an outbox mailer that keeps mail in the database.
 */
const flag = z
  .enum(["0", "1", "true", "false", "on", "off"], { error: "must be one of 1, 0, true, false, on, off" })
  .transform((value) => value === "1" || value === "true" || value === "on");

/** Which proxies may speak for the client: nobody, the nearest N hops, or the listed addresses and CIDRs. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's named ranges, accepted by Fastify's trustProxy beside addresses and CIDRs. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

const isAddressOrCidr = (entry: string): boolean => {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

const TRUST_PROXY_RULE = "must be 0, a number of proxy hops (1 behind one load balancer) or a comma-separated list of proxy addresses/CIDRs";

const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = (value ?? "").toLowerCase();
    if (text === "" || text === "false" || text === "off") return false;
    if (text === "true" || text === "on") {
      // Fastify's `true` believes every hop, so any client could forge X-Forwarded-For.
      ctx.addIssue({ code: "custom", message: `${TRUST_PROXY_RULE}; "true" would trust every hop and let clients forge their address` });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) return Number(text) === 0 ? false : { hops: Number(text) };
    const addresses = text.split(",").map((entry) => entry.trim()).filter(Boolean);
    const bad = addresses.filter((entry) => !isAddressOrCidr(entry));
    if (addresses.length === 0 || bad.length > 0) {
      ctx.addIssue({ code: "custom", message: `${TRUST_PROXY_RULE} (not an address or CIDR: ${bad.join(", ") || text})` });
      return z.NEVER;
    }
    return { addresses };
  });

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)), {
      message: `must be a URL such as ${example}`,
    });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number({ error: "must be a number" }).int().min(0).max(65535, "must be a port number (0-65535)").default(3000),
  PUBLIC_URL: optionalUrl(["http", "https"], "https://example.com"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"], "postgres://user:pass@localhost:5432/db"),
  DATA_DIR: z.string().min(1).default("./data"),
  TRUST_PROXY: trustProxy,
  SMTP_URL: optionalUrl(["smtp", "smtps"], "smtp://user:pass@smtp.example.com:587"),
  MAIL_FROM: z.string().min(3).default("The $100 Lab <hello@localhost>"),
  REDIS_URL: optionalUrl(["redis", "rediss"], "redis://127.0.0.1:6379"),
  RATE_LIMITS: flag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BODY_LIMIT_BYTES: z.coerce.number({ error: "must be a number" }).int().min(1024).default(100 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(100, "must be at least 100 (milliseconds)")
    .default(30_000),
  /** Off only for benchmarks: analytics events are still validated and enriched, then discarded. */
  ANALYTICS_PERSIST: flag.default(true),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  trustProxy: TrustProxy;
  /** True when some proxy is trusted: its headers (client address, edge geo, request id) may be believed. */
  behindProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  rateLimits: boolean;
  logLevel: string;
  bodyLimitBytes: number;
  /** A request must arrive whole (headers and body) within this many milliseconds, or it gets 408. */
  requestTimeoutMs: number;
  analyticsPersist: boolean;
  clientDir: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    trustProxy: e.TRUST_PROXY,
    behindProxy: e.TRUST_PROXY !== false,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    rateLimits: e.RATE_LIMITS,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    analyticsPersist: e.ANALYTICS_PERSIST,
    clientDir: path.join(PACKAGE_ROOT, "dist/client"),
  };
}
