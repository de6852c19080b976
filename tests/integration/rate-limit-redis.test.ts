import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRateLimits } from "#server/infra/rate-limit.ts";

/**
 * With REDIS_URL the counters live in Redis, so every app instance spends the same budget.
 * CI sets TEST_REDIS_URL (.ci/run starts the local Redis); without it there is no Redis to test against.
 */
const url = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
afterAll(() => clients.forEach((client) => client.disconnect()));

describe.runIf(url)("rate limits in Redis", () => {
  it("share one budget between two app instances", async () => {
    const [a, b] = [new Redis(url!), new Redis(url!)];
    clients.push(a, b);
    const instanceA = createRateLimits({ enabled: true, redis: a });
    const instanceB = createRateLimits({ enabled: true, redis: b });
    const key = `test-${Date.now()}-${Math.random()}`;
    for (let i = 0; i < 5; i++) await (i % 2 ? instanceA : instanceB).consume("signup", key);
    await expect(instanceA.consume("signup", key)).rejects.toMatchObject({ kind: "rate_limited" });
    await expect(instanceB.consume("signup", key)).rejects.toMatchObject({ kind: "rate_limited" });
    await expect(instanceB.consume("signup", `${key}-other`)).resolves.toBeUndefined();
  });
});
