import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";

/** .env.example lists every setting that src/server/config.ts reads, each commented out with its default. */
const root = path.resolve(import.meta.dirname, "../..");
const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
const configSource = fs.readFileSync(path.join(root, "src/server/config.ts"), "utf8");

/** The variables of the environment schema: `NAME: z...` or `NAME: optionalUrl(...)` inside `z.object({`. */
function configVariables(): string[] {
  const schema = configSource.slice(configSource.indexOf("const envSchema = z.object({"));
  const body = schema.slice(0, schema.indexOf("\n});"));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

/** Each `# NAME=value` line, uncommented. */
const exampleLines = [...example.matchAll(/^# ?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => ({ name: match[1]!, value: match[2]! }));

describe(".env.example", () => {
  it("lists every setting of config.ts, and nothing else", () => {
    const variables = configVariables();
    expect(variables.length).toBeGreaterThan(25);
    expect([...new Set(exampleLines.map((line) => line.name))].sort()).toEqual([...variables].sort());
  });

  it("changes nothing when copied as it is: every line is commented out", () => {
    expect(parseEnv(example)).toEqual({});
  });

  it("shows the defaults that config.ts applies", () => {
    const defaults = loadConfig({});
    const shown = Object.fromEntries(exampleLines.map((line) => [line.name, line.value]));
    const uncommented = loadConfig({
      NODE_ENV: shown.NODE_ENV,
      HOST: shown.HOST,
      PORT: shown.PORT,
      TRUST_PROXY: shown.TRUST_PROXY,
      LOG_LEVEL: shown.LOG_LEVEL,
      BODY_LIMIT_BYTES: shown.BODY_LIMIT_BYTES,
      REQUEST_TIMEOUT_MS: shown.REQUEST_TIMEOUT_MS,
      DATA_DIR: shown.DATA_DIR,
      S3_REGION: shown.S3_REGION,
      IMAGE_QUOTA_MB: shown.IMAGE_QUOTA_MB,
      MAIL_PROVIDER: shown.MAIL_PROVIDER,
      MAIL_FROM: shown.MAIL_FROM,
      MAILGUN_REGION: shown.MAILGUN_REGION,
      RATE_LIMITS: shown.RATE_LIMITS,
      ANALYTICS_PERSIST: shown.ANALYTICS_PERSIST,
      BACKUP_SCHEDULE: shown.BACKUP_SCHEDULE,
      BACKUP_KEEP: shown.BACKUP_KEEP,
    });
    expect(uncommented).toEqual(defaults);
  });
});
