/**
 * At most `max` tasks run at once; the others wait their turn in arrival order. For CPU- and memory-heavy
 * work (image decoding) whose parallelism beyond the core count only adds memory, not throughput.
 */
export function createWorkLimiter(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
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
