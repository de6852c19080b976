/**
 * Compiles the server to dist/server with esbuild: one ESM bundle per entry point (the server, and the
 * create-admin and geoip-update commands an operator runs inside a container), npm packages left as imports of node_modules,
 * so production runs `node dist/server/main.js` with production dependencies only (no tsx, no TypeScript).
 */
import fs from "node:fs";
import { build } from "esbuild";

export const SERVER_OUT_DIR = "dist/server";
export const SERVER_ENTRY_POINTS = {
  main: "src/server/main.ts",
  "create-admin": "scripts/create-admin.ts",
  "geoip-update": "scripts/geoip-update.ts",
};

export async function buildServer(): Promise<void> {
  const { metafile } = await build({
    metafile: true,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir: SERVER_OUT_DIR,
    bundle: true,
    packages: "external",
    format: "esm",
    // Modules the server loads with `await import()` (the S3 driver, heavy parsers) become chunks of their
    // own, so their packages load on first use instead of at start (the memory budget of bench:track).
    splitting: true,
    platform: "node",
    // The oldest Node that package.json's engines allows.
    target: "node22",
    sourcemap: true,
    logLevel: "warning",
  });
  for (const file of Object.keys(metafile.outputs).filter((name) => name.endsWith(".js"))) {
    const found = outsideLatin1(fs.readFileSync(file, "utf8"));
    if (found)
      throw new Error(`${file}:${found.line} holds "${found.character}", outside Latin-1: write it as ${found.escape} in its source`);
  }
}

/**
 * The first character of `source` outside Latin-1, its line, and the escape to write instead (`\u{...}` past
 * U+FFFF, which needs a string or a regular expression with the u flag). V8 keeps a script's source while its
 * functions live, as one byte a character when all are Latin-1 and two bytes otherwise, so one such character
 * doubles that bundled file's share of the server's heap. esbuild escapes them in strings, not in regular expressions.
 */
export function outsideLatin1(source: string): { line: number; character: string; escape: string } | null {
  const match = /[\u{100}-\u{10ffff}]/u.exec(source);
  if (!match) return null;
  const code = match[0].codePointAt(0)!;
  const hex = code.toString(16);
  return {
    line: source.slice(0, match.index).split("\n").length,
    character: match[0],
    escape: code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`,
  };
}
