/**
 * What `npm start` must build before serving: a target is stale when one of its outputs is missing or older
 * than the newest of its sources. Comparing modification times is what make does; a fresh clone has no
 * dist/, so everything builds once, and later starts build nothing until a source changes.
 */
import fs from "node:fs";
import path from "node:path";
import { SERVER_ENTRY_POINTS, SERVER_OUT_DIR } from "./build-server";

export type BuildTarget = { name: "client" | "server"; sources: string[]; outputs: string[] };

/**
 * Both targets are rebuilt when the lock file changes (another version of a package can change the output)
 * or tsconfig.json does (both compilers read it).
 */
export const BUILD_TARGETS: readonly BuildTarget[] = [
  {
    name: "client",
    sources: ["src/client", "src/common", "vite.config.ts", "scripts/precompress-assets.ts", "tsconfig.json", "package-lock.json"],
    outputs: ["dist/client/index.html", "dist/client/.vite/manifest.json", "dist/ssr/entry-server.js"],
  },
  {
    name: "server",
    sources: [
      "src/server",
      "src/common",
      ...Object.values(SERVER_ENTRY_POINTS),
      "scripts/build-server.ts",
      "tsconfig.json",
      "package-lock.json",
    ],
    outputs: Object.keys(SERVER_ENTRY_POINTS).map((name) => `${SERVER_OUT_DIR}/${name}.js`),
  },
];

/** Pure: `undefined` stands for a missing output. */
export function isStale(outputTimes: ReadonlyArray<number | undefined>, sourceTimes: readonly number[]): boolean {
  if (outputTimes.length === 0 || outputTimes.some((time) => time === undefined)) return true;
  const oldestOutput = Math.min(...(outputTimes as number[]));
  return sourceTimes.some((time) => time > oldestOutput);
}

/**
 * Modification times of a file, or of a folder and everything below it (a folder's own time changes when a
 * file in it is deleted or renamed); nothing for a path that does not exist.
 */
export function modificationTimes(target: string): number[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [stat.mtimeMs];
  return [stat.mtimeMs, ...fs.readdirSync(target).flatMap((entry) => modificationTimes(path.join(target, entry)))];
}

export function staleTargets(root: string, targets: readonly BuildTarget[] = BUILD_TARGETS): BuildTarget[] {
  return targets.filter((target) =>
    isStale(
      target.outputs.map((output) => modificationTimes(path.join(root, output))[0]),
      target.sources.flatMap((source) => modificationTimes(path.join(root, source))),
    ),
  );
}
