import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "#server/db/client.ts";
import { CACHE_TAGS, type CacheTag } from "./cache-tags";
import type { Logger } from "./logger";

/**
 * Tells every app instance on the database that cached answers under some tags are stale. `publish` runs this
 * instance's listeners at once and sends a NOTIFY that the other instances' LISTEN connections hear (within a
 * few milliseconds). While the LISTEN connection is away, the caches' own time to live keeps them from lagging
 * for long; when it is back, every listener runs, since what was published meanwhile was missed.
 */
export type CacheBus = {
  /** Never throws: the write it follows has succeeded, and a lost NOTIFY only delays other instances (logged). */
  publish(tags: readonly CacheTag[]): Promise<void>;
  /** Runs `listener` when any of `tags` is published, here or on another instance; returns the unsubscribe. */
  subscribe(tags: readonly CacheTag[], listener: () => void): () => void;
  /** Starts hearing other instances (the LISTEN connection). */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** One channel for every tag: the payload names them. */
export const CACHE_BUS_CHANNEL = "cache_tags";

type Message = { from: string; tags: CacheTag[] };

const KNOWN_TAGS: ReadonlySet<string> = new Set(CACHE_TAGS);

export function createCacheBus({ database, logger }: { database: DatabaseHandle; logger: Logger }): CacheBus {
  /** Tells this instance's own notifications, heard back, from the others' (its listeners already ran). */
  const instanceId = randomUUID();
  const listeners = new Map<CacheTag, Set<() => void>>(CACHE_TAGS.map((tag) => [tag, new Set()]));
  let stopListening: (() => Promise<void>) | undefined;

  const run = (tags: readonly CacheTag[]) => {
    const due = new Set(tags.flatMap((tag) => [...listeners.get(tag)!]));
    for (const listener of due) listener();
  };

  const onNotify = (payload: string) => {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      logger.warn({ payload }, "cache bus: ignored a notification that is not JSON");
      return;
    }
    if (message.from === instanceId || !Array.isArray(message.tags)) return;
    run(message.tags.filter((tag) => KNOWN_TAGS.has(tag)));
  };

  return {
    async publish(tags) {
      if (tags.length === 0) return;
      run(tags);
      const message: Message = { from: instanceId, tags: [...tags] };
      await database.notify(CACHE_BUS_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
        logger.warn(
          { err: error, tags },
          "cache bus: could not notify the other instances; they catch up within their caches' time to live",
        );
      });
    },
    subscribe(tags, listener) {
      for (const tag of tags) listeners.get(tag)!.add(listener);
      return () => {
        for (const tag of tags) listeners.get(tag)!.delete(listener);
      };
    },
    async start() {
      stopListening ??= await database.listen(CACHE_BUS_CHANNEL, {
        onNotify,
        onLost: (error) =>
          logger.warn(
            { err: error },
            "cache bus: the LISTEN connection is lost; other instances' changes show within the caches' time to live until it is back",
          ),
        onResume: () => {
          logger.info("cache bus: listening again; dropping every cached answer, since changes made meanwhile were not heard");
          run(CACHE_TAGS);
        },
      });
    },
    async stop() {
      const stop = stopListening;
      stopListening = undefined;
      await stop?.();
    },
  };
}
