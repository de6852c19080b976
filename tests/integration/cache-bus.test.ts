import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { CACHE_BUS_CHANNEL, createCacheBus, type CacheBus } from "#server/infra/cache-bus.ts";
import { createLogger } from "#server/infra/logger.ts";

const logger = createLogger({ level: "warn", env: "test" });

describe("the cache bus on the embedded database", () => {
  let database: DatabaseHandle;
  let here: CacheBus;
  let there: CacheBus;

  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite-memory" });
    // Two buses on one database: what two app instances would be.
    here = createCacheBus({ database, logger });
    there = createCacheBus({ database, logger });
    await here.start();
    await there.start();
  });
  afterAll(async () => {
    await here.stop();
    await there.stop();
    await database.close();
  });

  it("runs its own listeners at once, once, and the other bus's through NOTIFY", async () => {
    const heard = { here: 0, there: 0, unrelated: 0 };
    const offHere = here.subscribe(["builders", "page-heads"], () => heard.here++);
    const offThere = there.subscribe(["builders"], () => heard.there++);
    const offUnrelated = there.subscribe(["lab"], () => heard.unrelated++);

    const publishing = here.publish(["builders", "page-heads"]);
    expect(heard.here).toBe(1);
    await publishing;
    await expect.poll(() => heard.there, { timeout: 1000, interval: 10 }).toBe(1);
    // Its own notification, heard back, is skipped: the listeners ran when it was published.
    expect(heard.here).toBe(1);
    expect(heard.unrelated).toBe(0);

    offHere();
    offThere();
    offUnrelated();
    await there.publish(["builders"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual({ here: 1, there: 1, unrelated: 0 });
  });

  it("ignores a payload that is not its own shape", async () => {
    let heard = 0;
    const off = there.subscribe(["images"], () => heard++);
    await database.notify(CACHE_BUS_CHANNEL, JSON.stringify({ from: "elsewhere", tags: ["no-such-tag"] }));
    await database.notify(CACHE_BUS_CHANNEL, JSON.stringify({ from: "elsewhere", tags: ["images"] }));
    await expect.poll(() => heard, { timeout: 1000, interval: 10 }).toBe(1);
    off();
  });
});
