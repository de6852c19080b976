import { afterEach, describe, expect, it, vi } from "vitest";
import { createEventWriter, serializeEventRow, type AnalyticsEventRow } from "#server/features/analytics/event-writer.ts";
import type { Logger } from "#server/infra/logger.ts";

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

  it("starts a write once the buffered rows reach flushAtSize, and lets batches grow to batchSize while one is in flight", async () => {
    const db = fakeInsert();
    const sizes = new Map([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [row(n), n === 2 ? 60 : 10]));
    const writer = createEventWriter({
      insert: db.insert,
      logger: fakeLogger().logger,
      batchSize: 4,
      intervalMs: 60_000,
      flushAtSize: 70,
      sizeOf: (written) => sizes.get(written)!,
    });
    const rows = [...sizes.keys()];
    db.hold();
    writer.push(rows[0]!);
    await Promise.resolve();
    expect(db.maxInFlight).toBe(0);
    writer.push(rows[1]!); // 10 + 60: due by size, with 2 rows of 4
    expect(db.maxInFlight).toBe(1);
    // Behind the write in flight, 6 rows of 10 wait: 60, below flushAtSize, but 4 of them make a full batch.
    for (const next of rows.slice(2)) writer.push(next);
    db.release();
    await vi.waitFor(() => expect(db.batches.map((batch) => batch.length)).toEqual([2, 4]));
    // The 2 left (20) are neither a full batch nor flushAtSize: they wait for the timer.
    expect(writer.pending).toBe(2);
    await writer.flush();
    expect(db.batches.flat()).toEqual(rows);
  });

  it("keeps rows buffered while the database is away, retrying the oldest batch with a doubling, capped delay", async () => {
    vi.useFakeTimers();
    const { logger, entries } = fakeLogger();
    const attempts: number[] = [];
    const written: AnalyticsEventRow[][] = [];
    const insert = async (rows: AnalyticsEventRow[]) => {
      attempts.push(Date.now());
      if (attempts.length <= 5) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      written.push(rows);
    };
    const writer = createEventWriter({
      insert,
      logger,
      isUnavailable: () => true,
      batchSize: 2,
      intervalMs: 50,
      retryDelayMs: 100,
      maxRetryDelayMs: 400,
    });
    const start = Date.now();
    writer.push(row(1));
    await vi.advanceTimersByTimeAsync(50);
    for (let i = 2; i <= 5; i++) writer.push(row(i));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(attempts.map((at) => at - start)).toEqual([50, 150, 350, 750, 1150, 1550, 1550, 1600]);
    expect(written.flat()).toEqual([1, 2, 3, 4, 5].map(row));
    expect(written[0]).toHaveLength(2);
    expect(entries.map((e) => [e.level, e.msg])).toEqual([
      ["error", "analytics: writing events failed; they stay buffered and are retried"],
      ...Array(4).fill(["warn", "analytics: writing events failed again; retrying"]),
      ["warn", "analytics: writing events works again"],
    ]);
    expect(writer.pending).toBe(0);
  });

  it("flush waits for the database to come back and then writes everything", async () => {
    const { logger } = fakeLogger();
    let down = 3;
    const written: AnalyticsEventRow[] = [];
    const insert = async (rows: AnalyticsEventRow[]) => {
      if (down-- > 0) throw new Error("Connection terminated unexpectedly");
      written.push(...rows);
    };
    const writer = createEventWriter({ insert, logger, isUnavailable: () => true, batchSize: 10, intervalMs: 5, retryDelayMs: 1 });
    for (let i = 1; i <= 3; i++) writer.push(row(i));
    await writer.flush();
    expect(written).toEqual([1, 2, 3].map(row));
  });

  it("drops a batch that keeps failing for another reason than a lost database, logged, and writes the next", async () => {
    const { logger, entries } = fakeLogger();
    const written: AnalyticsEventRow[] = [];
    const insert = async (rows: AnalyticsEventRow[]) => {
      if (rows.some((r) => r.page === "/1")) throw new Error("invalid input syntax");
      written.push(...rows);
    };
    const writer = createEventWriter({ insert, logger, batchSize: 1, intervalMs: 5, retryDelayMs: 1 });
    writer.push(row(1));
    writer.push(row(2));
    await writer.flush();
    expect(written).toEqual([row(2)]);
    expect(entries.map((e) => [e.level, e.msg, e.fields.dropped])).toEqual([
      ["error", "analytics: writing events failed; they stay buffered and are retried", undefined],
      ["warn", "analytics: writing events failed again; retrying", undefined],
      ["error", "analytics: writing events failed 3 times; events dropped", 1],
    ]);
  });

  it("on close, gives a lost database a deadline, then drops what is left with its count logged", async () => {
    const { logger, entries } = fakeLogger();
    const insert = async () => {
      throw Object.assign(new Error("the database system is shutting down"), { code: "57P03" });
    };
    const writer = createEventWriter({
      insert,
      logger,
      isUnavailable: () => true,
      batchSize: 10,
      intervalMs: 5,
      retryDelayMs: 1,
      closeTimeoutMs: 30,
    });
    writer.push(row(1));
    writer.push(row(2));
    await writer.close();
    expect(writer.pending).toBe(0);
    expect(entries.at(-1)).toMatchObject({ level: "error", fields: { dropped: 2 } });
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

  it("refuses new rows past the buffer bound, and logs how many once writing works again", async () => {
    const { logger, entries } = fakeLogger();
    const db = fakeInsert();
    db.hold();
    const writer = createEventWriter({ insert: db.insert, logger, batchSize: 2, intervalMs: 60_000, maxBuffered: 4 });
    const taken = Array.from({ length: 10 }, (_, i) => writer.push(row(i + 1)));
    expect(taken).toEqual([true, true, true, true, false, false, false, false, false, false]);
    db.release();
    await writer.flush();
    expect(db.batches.flat()).toEqual([1, 2, 3, 4].map(row));
    expect(entries).toEqual([expect.objectContaining({ level: "warn", fields: { refused: 6 } })]);
  });
});

describe("serializeEventRow", () => {
  it("writes the row as JSON with its dates as ISO text and its absent and null fields left out", () => {
    const receivedAt = new Date("2030-05-01T10:00:00.000Z");
    const text = serializeEventRow({
      ...row(1),
      receivedAt,
      label: undefined,
      country: null,
      clientTimestamp: null,
      properties: { day: 3 },
    });
    expect(JSON.parse(text)).toEqual({
      event: "page_view",
      page: "/1",
      sessionId: "s",
      visitorId: "v",
      receivedAt: "2030-05-01T10:00:00.000Z",
      properties: { day: 3 },
    });
  });

  it("drops NUL and replaces lone surrogates anywhere, property names included, and keeps paired ones", () => {
    const text = serializeEventRow({ ...row(1), label: "a\u0000b\ud800c\udc00", properties: { "k\u0000ey": "x\udfffy", emoji: "🧪" } });
    expect(text).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(JSON.parse(text)).toMatchObject({ label: "ab\ufffdc\ufffd", properties: { key: "x\ufffdy", emoji: "🧪" } });
  });

  it("leaves a row that holds neither as JSON.stringify writes it", () => {
    const plain = { ...row(2), label: "Join the waitlist 🧪", value: 1.5 };
    expect(serializeEventRow(plain)).toBe(JSON.stringify(plain));
  });
});
