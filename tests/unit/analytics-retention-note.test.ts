import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RetentionNote } from "#client/features/analytics/retention-note.tsx";

const debug = (startTime: string) => ({ startTime }) as Parameters<typeof RetentionNote>[0]["data"]["debug"];
const render = (rawEventsSince: string | null, startTime: string) =>
  renderToString(createElement(RetentionNote, { data: { rawEventsSince, debug: debug(startTime) } }));

describe("the dashboard's retention note", () => {
  it("says which figures come from the summaries when the range starts before the oldest kept event", () => {
    expect(render("2030-06-01T00:00:00.000Z", "2030-05-16T12:00:00.000Z")).toContain(
      "Older than Jun 1, 2030: figures from daily summaries; raw events past the retention period were removed. Campaigns, and the campaign and referral visitors of the Funnel, cover only Jun 1, 2030 onward.",
    );
  });

  it("is absent when no event was removed, or the range lies within the kept days", () => {
    expect(render(null, "2030-05-16T12:00:00.000Z")).toBe("");
    expect(render("2030-06-01T00:00:00.000Z", "2030-06-01T00:00:00.000Z")).toBe("");
    expect(render("2030-06-01T00:00:00.000Z", "2030-06-14T12:00:00.000Z")).toBe("");
  });
});
