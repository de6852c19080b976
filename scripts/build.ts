/**
 * npm run build: the client (Vite, with brotli and gzip copies, then the JS budget report) and the server
 * (esbuild, scripts/build-server.ts). With --if-stale (what npm start runs) only the targets whose outputs
 * are missing or older than their sources (scripts/build-freshness.ts).
 */
import path from "node:path";
import { build as buildClient } from "vite";
import { BUILD_TARGETS, staleTargets } from "./build-freshness";
import { buildServer } from "./build-server";
import { reportBundle } from "./report-bundle";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

const targets = process.argv.includes("--if-stale") ? staleTargets(root) : BUILD_TARGETS;
for (const target of targets) {
  console.log(`Building the ${target.name}`);
  if (target.name === "client") {
    await buildClient();
    if (!reportBundle(path.join(root, "dist/client"))) process.exit(1);
  } else {
    await buildServer();
  }
}
