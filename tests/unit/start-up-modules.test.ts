import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * What a server on Postgres loads before it serves a request counts against its memory budget (200 MB resident
 * after 10,000 tracked events, npm run bench:track). Packages that only rarely used features need are loaded on
 * first use instead; this checks that no static import brings them back.
 */
const LOADED_ON_FIRST_USE = ["@simplewebauthn/server", "@electric-sql/pglite", "qrcode", "postal-mime", "sharp"];

/**
 * Every module main.ts imports statically, read from its own import statements (those spanning several lines and
 * those for side effects too) so the list cannot fall behind it: they and what they import are what the server
 * loads before it listens. main.ts itself is not imported: it starts one. Relative paths are resolved from main.ts;
 * packages and `#server/` paths are imported as written.
 */
const MAIN = path.join(process.cwd(), "src/server/main.ts");
const SERVER_MODULES = [...fs.readFileSync(MAIN, "utf8").matchAll(/^import\s+(?:[^;]*?\s+from\s+)?"([^"]+)";/gm)].map(([, specifier]) =>
  specifier!.startsWith(".") ? pathToFileURL(path.join(path.dirname(MAIN), `${specifier!}.ts`)).href : specifier!,
);

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
for (const specifier of ${JSON.stringify(SERVER_MODULES)}) await import(specifier);
process.stdout.write(JSON.stringify([...loaded]));
`;

describe("the server's start", () => {
  it("does not load the packages of rarely used features until they are used", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", RECORD_PACKAGES], {
      env: { ...process.env, NODE_ENV: "production" },
      maxBuffer: 10_000_000,
    });
    const loaded = JSON.parse(stdout) as string[];
    // main.ts's imports were read (a change to its import style would otherwise empty the list): the database client
    // and the app that registers every route among them.
    expect(SERVER_MODULES).toEqual(
      expect.arrayContaining(["#server/db/client.ts", expect.stringMatching(/\/src\/server\/app\.ts$/) as unknown]),
    );
    // The recording works: the packages every request uses are there.
    expect(loaded).toEqual(expect.arrayContaining(["fastify", "drizzle-orm", "pg", "zod"]));
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  }, 60_000);
});
