import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * A folder shaped like dist/client for a test file: the shell (index.html with its script and stylesheet
 * links, as Vite writes them), one hashed script and the stylesheet. Removed after the file's tests.
 */
export function builtClientDir(): string {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "assets/index-1.js"), "export const app = 1;");
  fs.writeFileSync(path.join(clientDir, "assets/app-1.css"), "body{color:#1c1917}");
  fs.writeFileSync(
    path.join(clientDir, "index.html"),
    `<!doctype html><html><head><title>The $100 Lab</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><body><div id="root"></div><noscript><p>The $100 Lab needs JavaScript to run.</p></noscript></body></html>`,
  );
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
  return clientDir;
}

/** The server renderer of public pages, from its sources. */
export const SSR_ENTRY = path.resolve("src/client/entry-server.tsx");
