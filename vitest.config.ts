import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    // One module graph per worker instead of one per file: each integration file would otherwise load the
    // whole server and compile PGlite's WebAssembly again (measured in docs/decisions/009-test-loop.md).
    // Files share no state: each builds its own app on its own database, and the server keeps no request
    // state in modules (house rule 6).
    isolate: false,
    // Every core, where vitest keeps one free by default: the files wait on PGlite's WebAssembly and on sockets
    // in turn, so two workers on two cores finish the suite in about 0.75 of the time one takes.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "reports/vitest.json" },
  },
});
