/**
 * npm run build: the client (Vite, with brotli and gzip copies, then the JS budget report, then its server
 * renderer of public pages in dist/ssr) and the server
 * (esbuild, scripts/build-server.ts). With --if-stale (what npm start runs) only the targets whose outputs
 * are missing or older than their sources (scripts/build-freshness.ts); the builders are imported only when
 * needed, so a start with nothing to build stays quick.
 */
import path from "node:path";
import { BUILD_TARGETS, staleTargets } from "./build-freshness";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

const targets = process.argv.includes("--if-stale") ? staleTargets(root) : BUILD_TARGETS;
for (const target of targets) {
  console.log(`Building the ${target.name}`);
  if (target.name === "client") {
    const [{ build }, { reportBundle }] = await Promise.all([import("vite"), import("./report-bundle")]);
    await build();
    if (!reportBundle(path.join(root, "dist/client"))) process.exit(1);
    // The server renderer of public pages: the same client code, bundled for Node (vite.config.ts).
    await build({ build: { ssr: "entry-server.tsx" }, logLevel: "warn" });
  } else {
    const { buildServer } = await import("./build-server");
    await buildServer();
  }
}
