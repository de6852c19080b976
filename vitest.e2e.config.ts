import { defineConfig } from "vitest/config";

// Browser journeys against the built app running as a real process; one file at a time.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "reports/e2e.json" },
  },
});
