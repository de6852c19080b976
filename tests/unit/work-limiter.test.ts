import { describe, expect, it, vi } from "vitest";
import { createWorkLimiter } from "#server/infra/work-limiter.ts";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe("createWorkLimiter", () => {
  it("runs at most max tasks at once and starts the others in arrival order", async () => {
    const limiter = createWorkLimiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.load).toEqual({ running: 2, waiting: 2 });

    gates[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);

    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when a task fails", async () => {
    const limiter = createWorkLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(async () => "next")).toBe("next");
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe("createWorkLimiter with bounded waiting", () => {
  const busy = () => new Error("busy");

  it("refuses at once when maxWaiting tasks already wait, and lets the waiting ones run in turn", async () => {
    const limiter = createWorkLimiter(1, { maxWaiting: 1, busy });
    const release = await limiter.acquire();
    const waiting = limiter.acquire();
    await expect(limiter.acquire()).rejects.toThrow("busy");
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });
    release();
    release(); // a second call gives nothing back twice
    const next = await waiting;
    expect(limiter.load).toEqual({ running: 1, waiting: 0 });
    next();
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a task that waited maxWaitMs, and forgets it", async () => {
    vi.useFakeTimers();
    try {
      const limiter = createWorkLimiter(1, { maxWaitMs: 2_000, busy });
      const release = await limiter.acquire();
      const waiting = limiter.acquire();
      const refused = expect(waiting).rejects.toThrow("busy");
      await vi.advanceTimersByTimeAsync(2_000);
      await refused;
      expect(limiter.load).toEqual({ running: 1, waiting: 0 });
      release();
      expect(limiter.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
