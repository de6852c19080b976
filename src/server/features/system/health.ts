import type { DatabaseHandle } from "#server/db/client.ts";
import { isDatabasePoolExhausted } from "#server/db/errors.ts";

export type HealthAnswer = { code: 200 | 503; body: { status: "ok" | "busy" | "unavailable"; error?: string } };

/**
 * What the load balancer's probe hears. An instance whose pool is exhausted is alive and reaches its database,
 * only busy: it answers 200 "busy", since pulling it from rotation would pile its load onto the others (and an
 * orchestrator would restart it). Only a database it cannot reach makes it answer 503.
 */
export async function probeHealth(database: Pick<DatabaseHandle, "ping">): Promise<HealthAnswer> {
  try {
    await database.ping();
    return { code: 200, body: { status: "ok" } };
  } catch (error) {
    if (isDatabasePoolExhausted(error)) return { code: 200, body: { status: "busy" } };
    return { code: 503, body: { status: "unavailable", error: "Database unreachable" } };
  }
}
