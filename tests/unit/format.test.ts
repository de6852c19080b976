import { describe, expect, it } from "vitest";
import { countText, formatBytes, formatCount, formatDay, formatMonth, formatUtcDateTime } from "#client/lib/format.ts";

describe("formatBytes", () => {
  it("shows Bytes, KB, MB and GB in steps of 1024", () => {
    expect([0, 512, 1024, 1536, 10 * 1024 * 1024 + 300_000, 2.5 * 1024 ** 3, 5000 * 1024 ** 3].map(formatBytes)).toEqual([
      "0 Bytes",
      "512 Bytes",
      "1 KB",
      "1.5 KB",
      "10.3 MB",
      "2.5 GB",
      "5000 GB",
    ]);
  });
});

describe("counts and months, the same on the server and in any browser", () => {
  it("groups thousands with commas and rounds to a whole number", () => {
    expect([0, 7, 999, 1000, 1204, 12_345_678, 41.6, -2500].map(formatCount)).toEqual([
      "0",
      "7",
      "999",
      "1,000",
      "1,204",
      "12,345,678",
      "42",
      "-2,500",
    ]);
    expect(countText(1, "builder")).toBe("1 builder");
    expect(countText(1500, "builder")).toBe("1,500 builders");
  });

  it("names the month and the calendar day in English, in UTC", () => {
    expect(formatMonth("2026-03-14T09:00:00.000Z")).toBe("March 2026");
    // Late on the last day of the year in UTC, whatever the machine's time zone.
    expect(formatMonth("2025-12-31T23:30:00.000Z")).toBe("December 2025");
    expect(formatDay("2026-11-23")).toBe("Nov 23, 2026");
    expect(formatDay("2026-01-05")).toBe("Jan 5, 2026");
    expect(formatDay("2025-12-31")).toBe("Dec 31, 2025");
  });

  it("writes a date and time in UTC, saying so", () => {
    // ICU puts a narrow no-break space before "PM" in some versions.
    expect(formatUtcDateTime("2026-11-23T13:05:00.000Z").replace(/\s/g, " ")).toBe("Nov 23, 2026, 1:05 PM UTC");
  });
});
