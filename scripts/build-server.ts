/**
 * Compiles the server to dist/server with esbuild: one ESM bundle per entry point (the server, and the
 * create-admin and geoip-update commands an operator runs inside a container), npm packages left as imports of node_modules,
 * so production runs `node dist/server/main.js` with production dependencies only (no tsx, no TypeScript).
 */
import { build } from "esbuild";

export const SERVER_OUT_DIR = "dist/server";
export const SERVER_ENTRY_POINTS = {
  main: "src/server/main.ts",
  "create-admin": "scripts/create-admin.ts",
  "geoip-update": "scripts/geoip-update.ts",
};

export async function buildServer(): Promise<void> {
  await build({
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
}
