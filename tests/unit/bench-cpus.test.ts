import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { favourThisSession, parseCpuList } from "../../scripts/bench-cpus";

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

const AUTOGROUP = "/proc/self/autogroup";
const autogroup = () => fs.readFileSync(AUTOGROUP, "utf8");

describe("favourThisSession", () => {
  // Raising a priority takes root (CI runs as root); elsewhere the bench runs without it and says so.
  it.runIf(fs.existsSync(AUTOGROUP) && process.getuid?.() === 0)("runs this session at nice -20 until told to restore it", () => {
    const before = autogroup();
    const restore = favourThisSession();
    try {
      expect(restore).not.toBeNull();
      expect(autogroup()).toMatch(/ nice -20$/m);
    } finally {
      restore?.();
    }
    expect(autogroup()).toBe(before);
  });
});
