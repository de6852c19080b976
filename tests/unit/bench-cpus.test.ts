import { describe, expect, it } from "vitest";
import { parseCpuList } from "../../scripts/bench-cpus";

describe("parseCpuList", () => {
  it("reads single CPUs and ranges as Linux lists them", () => {
    expect(parseCpuList("0-1")).toEqual([0, 1]);
    expect(parseCpuList("0,2-4,7\n")).toEqual([0, 2, 3, 4, 7]);
    expect(parseCpuList("3")).toEqual([3]);
  });

  it("reads an empty list as no CPU", () => {
    expect(parseCpuList("")).toEqual([]);
  });
});
