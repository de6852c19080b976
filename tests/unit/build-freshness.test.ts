import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isStale, staleTargets, type BuildTarget } from "../../scripts/build-freshness";

describe("isStale", () => {
  it("is stale when an output is missing", () => {
    expect(isStale([100, undefined], [50])).toBe(true);
    expect(isStale([], [50])).toBe(true);
  });

  it("is stale when a source is newer than the oldest output", () => {
    expect(isStale([100, 200], [150])).toBe(true);
    expect(isStale([100, 200], [50, 100])).toBe(false);
    expect(isStale([100], [])).toBe(false);
  });
});

describe("staleTargets", () => {
  let root: string;
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const write = (file: string, secondsAgo: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    const time = new Date(Date.now() - secondsAgo * 1000);
    for (let at = full; at !== root; at = path.dirname(at)) fs.utimesSync(at, time, time);
  };
  const target: BuildTarget = { name: "server", sources: ["src", "build.config"], outputs: ["dist/main.js", "dist/other.js"] };
  const names = () => staleTargets(root, [target]).map((stale) => stale.name);

  it("builds what was never built, then nothing until a source file changes, appears or goes", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "freshness-"));
    write("src/a/deep.ts", 100);
    write("build.config", 100);
    expect(names()).toEqual(["server"]);

    write("dist/main.js", 50);
    expect(names()).toEqual(["server"]);
    write("dist/other.js", 50);
    expect(names()).toEqual([]);

    write("src/a/deep.ts", 10);
    expect(names()).toEqual(["server"]);
    write("dist/main.js", 5);
    write("dist/other.js", 5);
    expect(names()).toEqual([]);

    fs.rmSync(path.join(root, "src/a/deep.ts"));
    expect(names()).toEqual(["server"]);
  });
});
