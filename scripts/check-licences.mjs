/**
 * npm run licences (part of npm test): the licences of the production dependency tree, the packages that
 * `npm ci --omit=dev` installs, counted per licence and printed as a table. Fails when a package there is
 * under a strong copyleft licence (AGPL, GPL, SSPL; LGPL is fine for a library we link to), or when a build
 * tool (TypeScript 7, or 6 under its compatibility name; tsx, esbuild, Vite) has slipped into what runs.
 *
 * Peer dependencies are skipped as npm skips them here (.npmrc legacy-peer-deps): npm installs only the ones
 * package.json lists, so a peer named only for its types (TypeScript, for @trpc/server) is not installed.
 * Plain JavaScript: it reads node_modules and needs nothing compiled.
 */
import path from "node:path";
import { init } from "license-checker-rseidelsohn";

const root = path.resolve(import.meta.dirname, "..");

/** A licence no package that runs may carry: each of these would bind the whole network service. */
const FORBIDDEN = /\b(AGPL|SSPL)|(^|[^L])GPL/i;
/** Build tools: a production install that holds one carries what the build needs, not what runs. */
const BUILD_TOOLS = new Set(["typescript", "@typescript/typescript6", "tsx", "esbuild", "vite", "vitest", "@types/node"]);

const packages = await new Promise((resolve, reject) => {
  init({ start: root, production: true, nopeer: true, excludePrivatePackages: true }, (error, found) =>
    error ? reject(error) : resolve(found),
  );
});

/** "(MIT OR GPL-3.0)" may be taken as MIT: an expression is forbidden only when every alternative is. */
function isForbidden(licence) {
  const text = licence.replace(/[()]/g, "");
  return text.split(/\s+OR\s+/i).every((alternative) => FORBIDDEN.test(alternative));
}

const counts = new Map();
const forbidden = [];
const tools = [];
for (const [id, info] of Object.entries(packages)) {
  const licences = [info.licenses ?? "UNKNOWN"].flat().map(String);
  const licence = licences.join(" OR ");
  counts.set(licence, (counts.get(licence) ?? 0) + 1);
  if (isForbidden(licence)) forbidden.push(`${id}: ${licence}`);
  const name = id.slice(0, id.lastIndexOf("@"));
  if (BUILD_TOOLS.has(name)) tools.push(id);
}

const rows = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
const width = Math.max("Licence".length, ...rows.map(([licence]) => licence.length));
console.log(`Licences of the production dependencies (${Object.keys(packages).length} packages):`);
console.log(`  ${"Licence".padEnd(width)}  Packages`);
for (const [licence, count] of rows) console.log(`  ${licence.padEnd(width)}  ${String(count).padStart(8)}`);

if (forbidden.length > 0) console.error(`\nForbidden licences (AGPL, GPL, SSPL) in the production tree:\n  ${forbidden.join("\n  ")}`);
if (tools.length > 0) console.error(`\nBuild tools in the production tree (they belong in devDependencies):\n  ${tools.join("\n  ")}`);
process.exit(forbidden.length > 0 || tools.length > 0 ? 1 : 0);
