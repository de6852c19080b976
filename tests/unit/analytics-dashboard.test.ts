import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { analyticsDashboardInput, flagCountry, formatSessionTime } from "#common/analytics/dashboard.ts";
import { dashboardWindow } from "#server/features/analytics/dashboard.ts";

describe("flagCountry", () => {
  it("gives the flag of the fifteen flagged countries, in any case, and null for any other", () => {
    expect(flagCountry("US")).toBe("US");
    expect(flagCountry("gb")).toBe("GB");
    expect(flagCountry("NO")).toBe("NO");
    expect(flagCountry("NG")).toBeNull();
    expect(flagCountry(null)).toBeNull();
    expect(flagCountry("")).toBeNull();
  });
});

describe("formatSessionTime", () => {
  it("shows seconds below 60 000 ms and minutes from there on", () => {
    expect(formatSessionTime(0)).toBe("0s");
    expect(formatSessionTime(42_400)).toBe("42s");
    expect(formatSessionTime(59_999)).toBe("59s");
    expect(formatSessionTime(60_000)).toBe("1.0m");
    expect(formatSessionTime(340_000)).toBe("5.7m");
    expect(formatSessionTime(45 * 60_000)).toBe("45m");
  });
});

describe("analyticsDashboardInput", () => {
  it("takes the four ranges, defaults to 24h and refuses anything else", () => {
    expect(z.parse(analyticsDashboardInput, {})).toEqual({ timeRange: "24h" });
    expect(z.parse(analyticsDashboardInput, { timeRange: "30d" })).toEqual({ timeRange: "30d" });
    const bad = z.safeParse(analyticsDashboardInput, { timeRange: "2d" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("timeRange must be one of 1h, 24h, 7d, 30d");
  });
});

describe("dashboardWindow", () => {
  const now = new Date("2030-06-15T12:34:56.000Z");

  it("reads the last hour from the events alone", () => {
    const window = dashboardWindow("1h", now);
    expect(window).toMatchObject({ mid: null, edgeHours: [], bucketMs: 5 * 60_000 });
    expect(window.events).toEqual([{ from: new Date("2030-06-15T11:34:56.000Z"), to: now }]);
  });

  it("covers 30 days with whole days, the hours of the partial days and two event edges, without gaps or overlaps", () => {
    const window = dashboardWindow("30d", now);
    expect(window.mid).toEqual({
      unit: "day",
      span: { from: new Date("2030-05-17T00:00:00.000Z"), to: new Date("2030-06-15T00:00:00.000Z") },
    });
    const spans = [...window.events, ...window.edgeHours, window.mid!.span].sort((a, b) => a.from.getTime() - b.from.getTime());
    expect(spans[0]!.from).toEqual(window.start);
    expect(spans.at(-1)!.to).toEqual(window.end);
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]!.from).toEqual(spans[i - 1]!.to);
    for (const edge of window.events) expect(edge.to.getTime() - edge.from.getTime()).toBeLessThan(60 * 60_000);
  });

  it("needs no event edge when the range starts on the hour", () => {
    const window = dashboardWindow("24h", new Date("2030-06-15T12:00:00.000Z"));
    expect(window.mid?.unit).toBe("hour");
    expect(window.events).toEqual([{ from: new Date("2030-06-15T12:00:00.000Z"), to: new Date("2030-06-15T12:00:00.000Z") }]);
  });
});
