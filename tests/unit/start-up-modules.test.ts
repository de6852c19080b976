import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * What a server on Postgres loads before it serves a request counts against its memory budget (200 MB resident
 * after 10,000 tracked events, npm run bench:track). Packages that only rarely used features need are loaded on
 * first use instead; this checks that no static import brings them back.
 */
const LOADED_ON_FIRST_USE = ["@simplewebauthn/server", "@electric-sql/pglite", "qrcode", "postal-mime", "sharp"];

/** The modules main.ts composes the server from: every route, service and driver they import statically. */
const SERVER_MODULES = [
  "app.ts",
  "services.ts",
  "config.ts",
  "db/client.ts",
  "infra/geo.ts",
  "infra/storage/index.ts",
  "infra/mail/index.ts",
];

// Runs in a fresh Node process (tsx for the TypeScript): records the package of every module loaded, by its
// node_modules path, while the server's modules are imported.
const RECORD_PACKAGES = `
import { registerHooks } from "node:module";
const loaded = new Set();
registerHooks({
  load(url, context, nextLoad) {
    const found = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
    if (found) loaded.add(found[1]);
    return nextLoad(url, context);
  },
});
for (const file of ${JSON.stringify(SERVER_MODULES)}) await import(new URL("./src/server/" + file, "file://" + process.cwd() + "/").href);
process.stdout.write(JSON.stringify([...loaded]));
`;

describe("the server's start", () => {
  it("does not load the packages of rarely used features until they are used", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", RECORD_PACKAGES], {
      env: { ...process.env, NODE_ENV: "production" },
      maxBuffer: 10_000_000,
    });
    const loaded = JSON.parse(stdout) as string[];
    // The recording works: the packages every request uses are there.
    expect(loaded).toEqual(expect.arrayContaining(["fastify", "drizzle-orm", "pg", "zod"]));
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  }, 60_000);
});
