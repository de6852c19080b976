import { isIP } from "node:net";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { MAIL_PROVIDERS, type MailProvider } from "#common/mail/mail.ts";
import { PACKAGE_ROOT } from "#server/infra/package-root.ts";

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

const TRUST_PROXY_RULE =
  "must be 0, a number of proxy hops (1 behind one load balancer) or a comma-separated list of proxy addresses/CIDRs";

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
    const addresses = text
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = addresses.filter((entry) => !isAddressOrCidr(entry));
    if (addresses.length === 0 || bad.length > 0) {
      ctx.addIssue({ code: "custom", message: `${TRUST_PROXY_RULE} (not an address or CIDR: ${bad.join(", ") || text})` });
      return z.NEVER;
    }
    return { addresses };
  });

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A URL with one of the protocols. `host: "required"` also refuses one without a host (`http://`);
 * database URLs may leave it out to reach a Unix socket (postgres:///db?host=/var/run/postgresql).
 */
const optionalUrl = (protocols: string[], example: string, host: "required" | "optional" = "optional") => {
  const kinds = protocols.map((p) => `${p}://`).join(" or ");
  const rule = `must be a ${kinds} URL${host === "required" ? " with a host" : ""}, such as ${example}`;
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isUrl(value, protocols, host), { message: rule });
};

function isUrl(value: string, protocols: string[], host: "required" | "optional"): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol.slice(0, -1)) && (host === "optional" || url.hostname !== "");
  } catch {
    return false;
  }
}

const PORT_RULE = "must be a whole number from 0 to 65535";
const BODY_LIMIT_RULE = "must be a whole number of bytes, at least 1024";
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const POOL_SIZE_RULE = "must be a whole number of connections from 1 to 1000";
const RETENTION_RULE = "must be a whole number of days, at least 1 (empty: keep every event)";
const HEAVY_READ_RULE = "must be a whole number of concurrent heavy reads, at least 1 (empty: a quarter of DATABASE_POOL_SIZE)";

/** A whole number setting; empty means its default. */
const optionalWholeNumber = (rule: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max), { message: rule })
    .transform((value) => (value === undefined ? undefined : Number(value)));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("development"),
  HOST: z.string().min(1, "must not be empty (0.0.0.0 listens on every interface)").default("0.0.0.0"),
  PORT: z.coerce.number({ error: PORT_RULE }).int(PORT_RULE).min(0, PORT_RULE).max(65535, PORT_RULE).default(3000),
  PUBLIC_URL: optionalUrl(["https", "http"], "https://lab.example.com", "required"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"], "postgres://user:pass@localhost:5432/db"),
  /** Connections the node-postgres pool may open to DATABASE_URL (per instance). */
  DATABASE_POOL_SIZE: optionalWholeNumber(POOL_SIZE_RULE, 1, 1000),
  /** Heavy reads (dashboards, exports, the daily plan) running at once per instance; the others wait briefly, then get 503. */
  HEAVY_READ_LIMIT: optionalWholeNumber(HEAVY_READ_RULE, 1),
  DATA_DIR: z.string().min(1, "must not be empty (a folder such as ./data)").default("./data"),
  TRUST_PROXY: trustProxy,
  SMTP_URL: optionalUrl(["smtp", "smtps"], "smtp://user:pass@smtp.example.com:587", "required"),
  MAIL_PROVIDER: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z.enum(MAIL_PROVIDERS, { error: `must be one of ${MAIL_PROVIDERS.join(", ")}` }).optional(),
  ),
  RESEND_API_KEY: z.string().trim().optional(),
  SENDGRID_API_KEY: z.string().trim().optional(),
  MAILGUN_API_KEY: z.string().trim().optional(),
  MAILGUN_DOMAIN: z.string().trim().optional(),
  MAILGUN_REGION: z.enum(["us", "eu"], { error: "must be us or eu (where the Mailgun account lives)" }).default("us"),
  MAIL_API_BASE_URL: optionalUrl(["https", "http"], "http://127.0.0.1:8025", "required"),
  MAIL_FROM: z
    .string()
    .min(3, "must be a sender address of at least 3 characters, such as The $100 Lab <hello@example.com>")
    .default("The $100 Lab <hello@localhost>"),
  REDIS_URL: optionalUrl(["redis", "rediss"], "redis://127.0.0.1:6379"),
  RATE_LIMITS: flag.default(true),
  IMAGE_QUOTA_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .int("must be a whole number of megabytes")
    .min(1, "must be at least 1 (megabytes)")
    .default(500),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  BODY_LIMIT_BYTES: z.coerce
    .number({ error: BODY_LIMIT_RULE })
    .int(BODY_LIMIT_RULE)
    .min(1024, BODY_LIMIT_RULE)
    .default(100 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(100, "must be at least 100 (milliseconds)")
    .default(30_000),
  S3_ENDPOINT: optionalUrl(["https", "http"], "https://<account>.r2.cloudflarestorage.com", "required"),
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      message: "must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens",
    }),
  S3_REGION: z.string().trim().min(1, "must not be empty (auto suits R2 and MinIO; AWS needs the bucket's region)").default("auto"),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  /**
   * Signs the unsubscribe links of mail (HMAC-SHA256 of the waitlist entry id). Required in production, where a
   * changed secret would break every link already mailed; elsewhere a random one is kept in site_settings.
   */
  UNSUBSCRIBE_SECRET: z.string().trim().min(32, "must be at least 32 characters (openssl rand -hex 32 makes one)").optional(),
  /** Double opt-in: a join counts (referral credit, newsletters) once its address is confirmed by a mailed link. */
  WAITLIST_CONFIRM: flag.default(true),
  /** How many places each confirmed referral moves the referrer up the waitlist. */
  WAITLIST_REFERRAL_BOOST: z.coerce
    .number({ error: "must be a number of places" })
    .int("must be a whole number of places")
    .min(0, "must be at least 0")
    .max(100_000, "must be at most 100000")
    .default(5),
  /** Refuse joins from disposable (throwaway) email domains. */
  WAITLIST_BLOCK_DISPOSABLE: flag.default(true),
  /** Off only for benchmarks: analytics events are still validated and enriched, then discarded. */
  ANALYTICS_PERSIST: flag.default(true),
  /** Raw events older than this many days are removed, a whole month at a time; the rollups keep their figures. */
  ANALYTICS_RETENTION_DAYS: optionalWholeNumber(RETENTION_RULE, 1),
  /** When scheduled backups run (a cron expression, UTC; "off" for none): daily at 03:00 by default. */
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .default("0 3 * * *")
    .transform((value) => (value === "" || value.toLowerCase() === "off" ? undefined : value))
    .refine((value) => value === undefined || isCronPattern(value), {
      message: 'must be a cron expression such as "0 3 * * *" (daily at 03:00 UTC), or off',
    }),
  /** How many backups the history keeps; older ones are deleted with their files. */
  /** An operator's city database (.mmdb); unset, the bundled GeoLite2 data is used. */
  GEOIP_DB_PATH: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.endsWith(".mmdb"), {
      message: "must be the path of a .mmdb file, such as ./data/GeoLite2-City.mmdb",
    }),
  MAXMIND_LICENSE_KEY: z.string().trim().optional(),
  MAXMIND_ACCOUNT_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^\d+$/.test(value), { message: "must be the numeric account id shown on maxmind.com" }),
  GEOIP_DOWNLOAD_URL: optionalUrl(["https", "http"], "https://download.maxmind.com", "required"),
  /** required: an admin without a passkey or two-factor codes can use nothing of the back office but enrolment. */
  ADMIN_2FA: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
    z.enum(["off", "required"], { error: "must be off or required" }).default("off"),
  ),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a number of backups" })
    .int("must be a whole number of backups")
    .min(1, "must be at least 1")
    .default(14),
});

function isCronPattern(value: string): boolean {
  try {
    new Cron(value, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

/** Where uploaded files live: a folder under DATA_DIR unless S3_BUCKET names a bucket. */
export type StorageConfig =
  | { driver: "local"; root: string }
  | {
      driver: "s3";
      bucket: string;
      region: string;
      /** Absent for AWS S3 itself; the service's URL for R2, MinIO and the like. */
      endpoint: string | undefined;
      accessKeyId: string;
      secretAccessKey: string;
      /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: MinIO and s3rver need it. */
      forcePathStyle: boolean;
    };

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: the Postgres pool's connections (10 unless set; unused with the embedded database). */
  databasePoolSize: number;
  /** HEAVY_READ_LIMIT: heavy reads at once per instance (a quarter of the pool, at least 1, unless set). */
  heavyReadLimit: number;
  dataDir: string;
  trustProxy: TrustProxy;
  /** True when some proxy is trusted: its headers (client address, edge geo, request id) may be believed. */
  behindProxy: boolean;
  mail: MailSettings;
  /** MAIL_API_BASE_URL whatever the provider: keys typed on the email test page are sent there too (tests). */
  mailApiBaseUrl: string | undefined;
  mailFrom: string;
  /** RESEND_API_KEY whatever MAIL_PROVIDER is: received Resend mail is fetched with it. */
  resendApiKey: string | undefined;
  redisUrl: string | undefined;
  rateLimits: boolean;
  /** What one user's uploaded images may take in storage, in bytes. */
  imageQuotaBytes: number;
  logLevel: string;
  bodyLimitBytes: number;
  /** A request must arrive whole (headers and body) within this many milliseconds, or it gets 408. */
  requestTimeoutMs: number;
  analyticsPersist: boolean;
  /** ANALYTICS_RETENTION_DAYS: whole monthly partitions of events older than this are dropped; undefined keeps every event. */
  analyticsRetentionDays: number | undefined;
  /** UNSUBSCRIBE_SECRET; undefined when not set (a random one stored in the database is used). */
  unsubscribeSecret: string | undefined;
  /** WAITLIST_CONFIRM, WAITLIST_REFERRAL_BOOST and WAITLIST_BLOCK_DISPOSABLE. */
  waitlist: { confirm: boolean; referralBoost: number; blockDisposable: boolean };
  storage: StorageConfig;
  /** BACKUP_SCHEDULE: a cron expression (UTC), or undefined when scheduled backups are off. */
  backupSchedule: string | undefined;
  backupKeep: number;
  /** ADMIN_2FA: "required" holds admins without a second factor at enrolment (server-enforced on admin procedures). */
  admin2fa: "off" | "required";
  geo: GeoConfig;
  clientDir: string;
  /** The server renderer of public pages (`vite build --ssr`); no file, no server rendering. */
  ssrEntry: string;
};

/**
 * The city data: `dbPath` is GEOIP_DB_PATH (absent: the bundled data). `downloadPath` is where
 * `npm run geoip:update` writes: GEOIP_DB_PATH, else $DATA_DIR/GeoLite2-City.mmdb.
 */
export type GeoConfig = {
  dbPath: string | undefined;
  downloadPath: string;
  licenseKey: string | undefined;
  accountId: string | undefined;
  /** MaxMind's download server; tests point it at a local one. */
  downloadUrl: string;
};

/**
 * Where mail goes (MAIL_PROVIDER, with its keys). `apiBaseUrl` replaces the provider's API address
 * (MAIL_API_BASE_URL): tests point it at a local server.
 */
export type MailSettings =
  | { provider: "outbox" }
  | { provider: "smtp"; smtpUrl: string }
  | { provider: "resend"; apiKey: string; apiBaseUrl: string | undefined }
  | { provider: "sendgrid"; apiKey: string; apiBaseUrl: string | undefined }
  | { provider: "mailgun"; apiKey: string; domain: string; region: "us" | "eu"; apiBaseUrl: string | undefined };

export class ConfigError extends Error {}

export const DEFAULT_DATABASE_POOL_SIZE = 10;

/**
 * A quarter of the pool, at least 1: a heavy read (the dashboard runs 7 queries at once) may hold several
 * connections, and sign-ins, writes and the beacon must still find one free.
 */
export const defaultHeavyReadLimit = (poolSize: number) => Math.max(1, Math.floor(poolSize / 4));

/**
 * Production links (password resets, alerts) and the cross-site check need the address people really
 * use, over https: guessing http://localhost would mail dead links and downgrade cookies.
 * Reads the raw values, so the rule is listed beside any other problem; a malformed URL is left to the schema.
 */
/** MAIL_PROVIDER, or smtp when only SMTP_URL is set (how the site was configured before MAIL_PROVIDER existed). */
const mailProviderOf = (env: { MAIL_PROVIDER?: MailProvider | undefined; SMTP_URL?: string | undefined }): MailProvider =>
  env.MAIL_PROVIDER ?? (env.SMTP_URL ? "smtp" : "outbox");

/** Each provider's settings without which it cannot send. */
const MAIL_REQUIREMENTS: Record<MailProvider, Array<{ name: string; what: string }>> = {
  outbox: [],
  smtp: [{ name: "SMTP_URL", what: "the SMTP server, such as smtp://user:pass@smtp.example.com:587" }],
  resend: [{ name: "RESEND_API_KEY", what: "an API key from the Resend dashboard (re_...)" }],
  sendgrid: [{ name: "SENDGRID_API_KEY", what: "an API key from SendGrid with Mail Send permission (SG....)" }],
  mailgun: [
    { name: "MAILGUN_API_KEY", what: "the Mailgun sending API key" },
    { name: "MAILGUN_DOMAIN", what: "the sending domain set up in Mailgun, such as mg.example.com" },
  ],
};

function mailProblems(env: NodeJS.ProcessEnv): Array<{ name: string; rule: string }> {
  const provider = MAIL_PROVIDERS.find((p) => p === env.MAIL_PROVIDER?.trim());
  if (!provider) return [];
  return MAIL_REQUIREMENTS[provider]
    .filter((setting) => !env[setting.name]?.trim())
    .map((setting) => ({ name: setting.name, rule: `is required when MAIL_PROVIDER=${provider}: ${setting.what}` }));
}

function mailSettings(e: z.infer<typeof envSchema>): MailSettings {
  const provider = mailProviderOf(e);
  const apiBaseUrl = e.MAIL_API_BASE_URL?.replace(/\/+$/, "");
  // mailProblems has refused a provider without its settings, so the `!` below hold.
  switch (provider) {
    case "outbox":
      return { provider };
    case "smtp":
      return { provider, smtpUrl: e.SMTP_URL! };
    case "resend":
      return { provider, apiKey: e.RESEND_API_KEY!, apiBaseUrl };
    case "sendgrid":
      return { provider, apiKey: e.SENDGRID_API_KEY!, apiBaseUrl };
    case "mailgun":
      return { provider, apiKey: e.MAILGUN_API_KEY!, domain: e.MAILGUN_DOMAIN!, region: e.MAILGUN_REGION, apiBaseUrl };
  }
}

function productionProblems(env: NodeJS.ProcessEnv): Array<{ name: string; rule: string }> {
  if (env.NODE_ENV !== "production") return [];
  const loopbackExample = "http:// only for a loopback host such as http://127.0.0.1:3000 or http://localhost:3000";
  const publicUrl = env.PUBLIC_URL?.trim();
  if (!publicUrl) {
    return [
      {
        name: "PUBLIC_URL",
        rule: `is required when NODE_ENV=production: the https:// address people use to reach the site (${loopbackExample})`,
      },
    ];
  }
  if (!URL.canParse(publicUrl)) return [];
  const url = new URL(publicUrl);
  if (url.protocol !== "http:" || LOOPBACK_HOSTS.has(url.hostname)) return [];
  return [{ name: "PUBLIC_URL", rule: `must use https:// when NODE_ENV=production (${loopbackExample})` }];
}

const S3_SETTINGS = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

/** S3 is all or nothing: a bucket needs both keys, and keys or an endpoint without a bucket would be silently ignored. */
function storageProblems(env: NodeJS.ProcessEnv): Array<{ name: string; rule: string }> {
  const given = (name: string) => Boolean(env[name]?.trim());
  if (!given("S3_BUCKET")) {
    const stray = S3_SETTINGS.filter(given);
    if (stray.length === 0) return [];
    return [
      {
        name: "S3_BUCKET",
        rule: `is required when ${stray.join(", ")} ${stray.length === 1 ? "is" : "are"} set (leave every S3_ setting empty to store files under DATA_DIR)`,
      },
    ];
  }
  return (["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
    .filter((name) => !given(name))
    .map((name) => ({ name, rule: "is required when S3_BUCKET is set" }));
}

function storageConfig(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if (!e.S3_BUCKET) return { driver: "local", root: path.join(dataDir, "storage") };
  return {
    driver: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => ({ name: issue.path.join("."), rule: issue.message }))),
    ...productionProblems(env),
    ...storageProblems(env),
    ...mailProblems(env),
  ];
  if (!parsed.success || problems.length > 0) {
    const lines = problems.map((problem) => `  ${problem.name}: ${problem.rule}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databasePoolSize = e.DATABASE_POOL_SIZE ?? DEFAULT_DATABASE_POOL_SIZE;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize,
    heavyReadLimit: e.HEAVY_READ_LIMIT ?? defaultHeavyReadLimit(databasePoolSize),
    dataDir,
    trustProxy: e.TRUST_PROXY,
    behindProxy: e.TRUST_PROXY !== false,
    mail: mailSettings(e),
    mailApiBaseUrl: e.MAIL_API_BASE_URL?.replace(/\/+$/, ""),
    mailFrom: e.MAIL_FROM,
    resendApiKey: e.RESEND_API_KEY || undefined,
    redisUrl: e.REDIS_URL,
    rateLimits: e.RATE_LIMITS,
    imageQuotaBytes: e.IMAGE_QUOTA_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    analyticsPersist: e.ANALYTICS_PERSIST,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET,
    waitlist: { confirm: e.WAITLIST_CONFIRM, referralBoost: e.WAITLIST_REFERRAL_BOOST, blockDisposable: e.WAITLIST_BLOCK_DISPOSABLE },
    storage: storageConfig(e, dataDir),
    backupSchedule: e.BACKUP_SCHEDULE,
    backupKeep: e.BACKUP_KEEP,
    admin2fa: e.ADMIN_2FA,
    geo: {
      dbPath: e.GEOIP_DB_PATH && path.resolve(e.GEOIP_DB_PATH),
      downloadPath: e.GEOIP_DB_PATH ? path.resolve(e.GEOIP_DB_PATH) : path.join(dataDir, "GeoLite2-City.mmdb"),
      licenseKey: e.MAXMIND_LICENSE_KEY || undefined,
      accountId: e.MAXMIND_ACCOUNT_ID,
      downloadUrl: (e.GEOIP_DOWNLOAD_URL ?? "https://download.maxmind.com").replace(/\/+$/, ""),
    },
    clientDir: path.join(PACKAGE_ROOT, "dist/client"),
    ssrEntry: path.join(PACKAGE_ROOT, "dist/ssr/entry-server.js"),
  };
}
