/**
 * Prints the gzipped JavaScript each route group loads, from Vite's build manifest, and fails the build
 * when a public page loads more than the budget before any interaction: the entry and everything it
 * imports, plus the page's own lazily loaded route chunk. Admin code (everything behind the admin area's
 * lazy gate) is reported apart; it must not be part of any public page's load.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const PUBLIC_BUDGET_KB = 150;
const outDir = path.resolve("dist/client");
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;

const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file))).length / 1024;
const closure = (key: string, into = new Set<string>()): Set<string> => {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, into);
  return into;
};
const jsKb = (keys: Iterable<string>) => [...keys].filter((k) => manifest[k]!.file.endsWith(".js")).reduce((sum, k) => sum + gzipKb(manifest[k]!.file), 0);
const label = (key: string) => key.replace(/^src\/client\//, "").replace(/^features\//, "");

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error("no entry chunk in the manifest");
const entryKeys = closure(entry);
const entryKb = jsKb(entryKeys);

/** Route chunks the entry can load lazily: the public pages, and the admin area's gate. */
const lazyFromEntry = [...entryKeys].flatMap((key) => manifest[key]!.dynamicImports ?? []);
const isAdmin = (key: string) => /features\/(admin|today)\//.test(key);
const publicPages = lazyFromEntry.filter((key) => !isAdmin(key) && /features\//.test(key));

console.log("\nGzipped JavaScript a public page loads (entry + its route chunk):");
console.log(`  ${"landing (entry only)".padEnd(44)} ${entryKb.toFixed(1).padStart(7)} KB`);
let worst = entryKb;
for (const page of publicPages) {
  const own = [...closure(page)].filter((key) => !entryKeys.has(key));
  const total = entryKb + jsKb(own);
  worst = Math.max(worst, total);
  console.log(`  ${label(page).padEnd(44)} ${total.toFixed(1).padStart(7)} KB`);
}

const adminKeys = new Set<string>();
const collectAdmin = (key: string) => {
  if (adminKeys.has(key) || entryKeys.has(key)) return;
  adminKeys.add(key);
  for (const dep of [...(manifest[key]!.imports ?? []), ...(manifest[key]!.dynamicImports ?? [])]) collectAdmin(dep);
};
lazyFromEntry.filter(isAdmin).forEach(collectAdmin);
console.log(`\nAdmin code, loaded only after the server confirms an admin: ${jsKb(adminKeys).toFixed(1)} KB in ${adminKeys.size} chunks`);

if (worst > PUBLIC_BUDGET_KB) {
  console.error(`\nA public page loads ${worst.toFixed(1)} KB of gzipped JS, over the ${PUBLIC_BUDGET_KB} KB budget.`);
  process.exit(1);
}
console.log(`Public budget: ${PUBLIC_BUDGET_KB} KB per page (ok)\n`);
