import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
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

const OWN_AUTOGROUP = "/proc/self/autogroup";
const read = (file: string) => fs.readFileSync(file, "utf8");

describe("favourThisSession", () => {
  // A file that stands in for /proc/self/autogroup: the kernel reads a nice value written to it.
  const autogroupFile = (content: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "autogroup-"));
    onTestFinished(() => fs.rmSync(dir, { recursive: true }));
    const file = path.join(dir, "autogroup");
    fs.writeFileSync(file, content);
    return file;
  };

  it("writes nice -20 for the session's group and restores the nice it found", () => {
    const file = autogroupFile("/autogroup-85 nice 5\n");
    const restore = favourThisSession(file);
    expect(restore).not.toBeNull();
    expect(read(file)).toBe("-20");
    restore?.();
    expect(read(file)).toBe("5");
  });

  it("gives up, touching nothing, where the process is in no autogroup (the file reads empty) or there is no file", () => {
    const file = autogroupFile("");
    expect(favourThisSession(file)).toBeNull();
    expect(read(file)).toBe("");
    expect(favourThisSession(path.join(os.tmpdir(), "no-such-dir", "autogroup"))).toBeNull();
  });

  // On the kernel itself, where it can work: as root (raising a priority takes CAP_SYS_NICE) in an autogroup of
  // its own (a process whose session was never started with setsid reads an empty file, and the bench says so).
  const inAutogroup = fs.existsSync(OWN_AUTOGROUP) && /nice -?\d+/.test(read(OWN_AUTOGROUP));
  it.runIf(inAutogroup && process.getuid?.() === 0)("runs this session at nice -20 until told to restore it", () => {
    const before = read(OWN_AUTOGROUP);
    const restore = favourThisSession();
    try {
      expect(restore).not.toBeNull();
      expect(read(OWN_AUTOGROUP)).toMatch(/ nice -20$/m);
    } finally {
      restore?.();
    }
    expect(read(OWN_AUTOGROUP)).toBe(before);
  });
});
