import { afterEach, describe, expect, it, vi } from "vitest";
import { createEventWriter, type AnalyticsEventRow } from "../../src/server/features/analytics/event-writer";
import type { Logger } from "../../src/server/infra/logger";

const row = (n: number): AnalyticsEventRow => ({ event: "page_view", page: `/${n}`, sessionId: "s", visitorId: "v" });

function fakeLogger() {
  const entries: Array<{ level: "error" | "warn"; fields: Record<string, unknown>; msg: string }> = [];
  const logger = {
    error: (fields: Record<string, unknown>, msg: string) => entries.push({ level: "error", fields, msg }),
    warn: (fields: Record<string, unknown>, msg: string) => entries.push({ level: "warn", fields, msg }),
  } as unknown as Logger;
  return { logger, entries };
}

/** An insert that records its batches and can be held open to observe what waits behind it. */
function fakeInsert() {
  const batches: AnalyticsEventRow[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const insert = async (rows: AnalyticsEventRow[]) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await gate;
    batches.push(rows);
    inFlight -= 1;
  };
  return {
    insert,
    batches,
    get maxInFlight() {
      return maxInFlight;
    },
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("createEventWriter", () => {
  it("writes one multi-row INSERT once the batch size is reached, without waiting for the timer", async () => {
    const db = fakeInsert();
    const writer = createEventWriter({ insert: db.insert, logger: fakeLogger().logger, batchSize: 3, intervalMs: 60_000 });
    writer.push(row(1));
    writer.push(row(2));
    await Promise.resolve();
    expect(db.batches).toHaveLength(0);
    writer.push(row(3));
    await vi.waitFor(() => expect(db.batches).toEqual([[row(1), row(2), row(3)]]));
    expect(writer.pending).toBe(0);
  });

  it("writes a partial batch when the interval has passed", async () => {
    vi.useFakeTimers();
    const db = fakeInsert();
    const writer = createEventWriter({ insert: db.insert, logger: fakeLogger().logger, batchSize: 500, intervalMs: 250 });
    writer.push(row(1));
    writer.push(row(2));
    await vi.advanceTimersByTimeAsync(200);
    expect(db.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60);
    expect(db.batches).toEqual([[row(1), row(2)]]);
  });

  it("keeps at most one INSERT in flight and batches what arrives meanwhile", async () => {
    const db = fakeInsert();
    const writer = createEventWriter({ insert: db.insert, logger: fakeLogger().logger, batchSize: 2, intervalMs: 10 });
    db.hold();
    for (let i = 1; i <= 7; i++) writer.push(row(i));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(db.maxInFlight).toBe(1);
    db.release();
    await writer.flush();
    expect(db.maxInFlight).toBe(1);
    expect(db.batches.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    expect(db.batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7].map(row));
  });

  it("logs a failed write, retries its rows once, and then drops them with their count logged", async () => {
    const { logger, entries } = fakeLogger();
    const insert = vi.fn(async () => {
      throw new Error("database is down");
    });
    const writer = createEventWriter({ insert, logger, batchSize: 10, intervalMs: 5 });
    writer.push(row(1));
    writer.push(row(2));
    await writer.flush();
    expect(insert).toHaveBeenCalledTimes(2);
    expect(entries.map((e) => [e.level, e.msg, e.fields.rows ?? e.fields.dropped])).toEqual([
      ["error", "analytics: writing events failed; retrying once", 2],
      ["error", "analytics: writing events failed again; events dropped", 2],
    ]);
    expect(writer.pending).toBe(0);
  });

  it("succeeds on the retry when the database comes back", async () => {
    const { logger, entries } = fakeLogger();
    const written: AnalyticsEventRow[][] = [];
    let calls = 0;
    const insert = async (rows: AnalyticsEventRow[]) => {
      calls += 1;
      if (calls === 1) throw new Error("connection reset");
      written.push(rows);
    };
    const writer = createEventWriter({ insert, logger, batchSize: 10, intervalMs: 5 });
    writer.push(row(1));
    await writer.flush();
    expect(written).toEqual([[row(1)]]);
    expect(entries).toHaveLength(1);
  });

  it("writes everything still buffered on close, and at once for rows pushed after it", async () => {
    const db = fakeInsert();
    const writer = createEventWriter({ insert: db.insert, logger: fakeLogger().logger, batchSize: 2, intervalMs: 60_000 });
    for (let i = 1; i <= 5; i++) writer.push(row(i));
    await writer.close();
    expect(db.batches.flat()).toHaveLength(5);
    writer.push(row(6));
    await writer.flush();
    expect(db.batches.flat()).toHaveLength(6);
  });

  it("drops and counts new rows past the buffer bound instead of growing without limit", async () => {
    const { logger, entries } = fakeLogger();
    const db = fakeInsert();
    db.hold();
    const writer = createEventWriter({ insert: db.insert, logger, batchSize: 2, intervalMs: 60_000, maxBuffered: 4 });
    for (let i = 1; i <= 10; i++) writer.push(row(i));
    db.release();
    await writer.flush();
    expect(db.batches.flat()).toHaveLength(6);
    expect(entries).toEqual([expect.objectContaining({ level: "warn", fields: { dropped: 4 } })]);
  });
});
