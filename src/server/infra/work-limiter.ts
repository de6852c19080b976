/**
 * At most `max` tasks run at once; the others wait their turn in arrival order. For CPU- and memory-heavy
 * work (image decoding) whose parallelism beyond the core count only adds memory, not throughput, and for
 * heavy database reads (heavy-reads.ts), whose parallelism beyond a share of the pool starves everyone else.
 *
 * Waiting is unbounded unless the options bound it: `maxWaiting` refuses a task at once when that many
 * already wait, `maxWaitMs` refuses one that waited that long; both refuse with `busy()`.
 */
export type WorkLimiterOptions = {
  maxWaiting?: number;
  maxWaitMs?: number;
  busy?: () => Error;
};

export function createWorkLimiter(max: number, options: WorkLimiterOptions = {}) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const refusal = () => options.busy?.() ?? new Error("Too much work is waiting; try again later");

  const handOn = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  /** A slot, once free; the function it resolves with gives it back (calling it again does nothing). */
  async function acquire(): Promise<() => void> {
    if (running < max) running += 1;
    else {
      if (options.maxWaiting !== undefined && waiting.length >= options.maxWaiting) throw refusal();
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer =
          options.maxWaitMs === undefined
            ? undefined
            : setTimeout(() => {
                waiting.splice(waiting.indexOf(grant), 1);
                reject(refusal());
              }, options.maxWaitMs);
        waiting.push(grant);
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      handOn();
    };
  }

  return {
    acquire,
    async run<T>(task: () => Promise<T>): Promise<T> {
      const release = await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running and waiting, for tests and metrics. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
export type WorkLimiter = ReturnType<typeof createWorkLimiter>;
