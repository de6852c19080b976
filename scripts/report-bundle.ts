/**
 * Prints the JavaScript each route group loads, as users receive it, from Vite's build manifest, and says
 * whether a public page stays within the budget before any interaction: the entry and everything it imports,
 * plus the page's own lazily loaded route chunk. Admin code (everything behind the admin area's lazy gate)
 * is reported apart; it must not be part of any public page's load.
 *
 * Sizes are the brotli copies the server sends (scripts/precompress-assets.ts): production runs on https
 * (config.ts requires it), and every current browser asks for brotli over https. A file too small to have
 * a copy is counted at its own size, as it is sent. The gzip figure, what a browser gets over plain http, is
 * printed beside it.
 */
import fs from "node:fs";
import path from "node:path";

const PUBLIC_BUDGET_KB = 150;
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Sizes = { br: number; gz: number };

/** Bytes sent for a built file with this encoding: its compressed copy when there is one, else the file itself. */
const sentBytes = (file: string, extension: ".br" | ".gz") => fs.statSync(fs.existsSync(file + extension) ? file + extension : file).size;
const formatKb = ({ br, gz }: Sizes) => `${(br / 1024).toFixed(1).padStart(7)} KB  (gzip ${(gz / 1024).toFixed(1).padStart(6)} KB)`;

/** Prints the report; false when a public page loads more than the budget. */
export function reportBundle(outDir: string): boolean {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, into);
    return into;
  };
  const jsSizes = (keys: Iterable<string>): Sizes => {
    const files = [...keys].map((key) => path.join(outDir, manifest[key]!.file)).filter((file) => file.endsWith(".js"));
    return {
      br: files.reduce((sum, file) => sum + sentBytes(file, ".br"), 0),
      gz: files.reduce((sum, file) => sum + sentBytes(file, ".gz"), 0),
    };
  };
  const plus = (a: Sizes, b: Sizes): Sizes => ({ br: a.br + b.br, gz: a.gz + b.gz });
  const label = (key: string) => key.replace(/^src\/client\//, "").replace(/^features\//, "");

  // What index.html loads (the boot chunk, which holds main.tsx), and start-app.tsx, which main.tsx loads once the
  // page is painted: every page runs both.
  const shell = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  const loadedByShell = new Set([...shell.matchAll(/ (?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]));
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || loadedByShell.has(manifest[key]!.file));
  if (entries.length === 0) throw new Error("no entry chunk in the manifest");
  const entryKeys = new Set(entries.flatMap((entry) => [...closure(entry)]));
  const entrySizes = jsSizes(entryKeys);

  /** Route chunks the entry can load lazily: the public pages, and the admin area's gate. */
  const lazyFromEntry = [...entryKeys].flatMap((key) => manifest[key]!.dynamicImports ?? []);
  const isAdmin = (key: string) => /features\/(admin|today)\//.test(key);
  // Member pages a visitor reaches only after signing in (the member area's gate): not a first visit, so
  // reported apart. The Lab's experiment page stays public: a shared experiment is read signed out.
  const isMemberOnly = (key: string) => /features\/(playbook\/|lab\/lab-page|account\/)/.test(key);
  const publicPages = lazyFromEntry.filter((key) => !isAdmin(key) && !isMemberOnly(key) && /features\//.test(key));
  const memberPages = lazyFromEntry.filter(isMemberOnly);
  /** The entry, plus what the page's route chunk adds to it. */
  const pageSizes = (page: string) => plus(entrySizes, jsSizes([...closure(page)].filter((key) => !entryKeys.has(key))));

  console.log("\nJavaScript a public page loads (entry + its route chunk), brotli as sent:");
  console.log(`  ${"landing (entry only)".padEnd(44)} ${formatKb(entrySizes)}`);
  let worst = entrySizes.br;
  for (const page of publicPages) {
    const total = pageSizes(page);
    worst = Math.max(worst, total.br);
    console.log(`  ${label(page).padEnd(44)} ${formatKb(total)}`);
  }

  console.log("\nJavaScript a member page loads after sign-in (entry + its route chunk), brotli as sent:");
  for (const page of memberPages) {
    console.log(`  ${label(page).padEnd(44)} ${formatKb(pageSizes(page))}`);
  }

  const adminKeys = new Set<string>();
  const collectAdmin = (key: string) => {
    if (adminKeys.has(key) || entryKeys.has(key)) return;
    adminKeys.add(key);
    for (const dep of [...(manifest[key]!.imports ?? []), ...(manifest[key]!.dynamicImports ?? [])]) collectAdmin(dep);
  };
  lazyFromEntry.filter(isAdmin).forEach(collectAdmin);
  console.log(
    `\nAdmin code, loaded only after the server confirms an admin: ${formatKb(jsSizes(adminKeys)).trim()} in ${adminKeys.size} chunks`,
  );

  const worstKb = worst / 1024;
  if (worstKb > PUBLIC_BUDGET_KB) {
    console.error(`\nA public page loads ${worstKb.toFixed(1)} KB of JS (brotli), over the ${PUBLIC_BUDGET_KB} KB budget.`);
    return false;
  }
  console.log(`Public budget: ${PUBLIC_BUDGET_KB} KB per page (ok)\n`);
  return true;
}
