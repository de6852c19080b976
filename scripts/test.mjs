/**
 * npm test: the typecheck, the lint, the format check and the licence check of the production dependencies
 * side by side (on a fresh clone about 60 CPU-seconds on two cores, ESLint's the largest share), then the unit
 * and integration tests. Arguments go to vitest.
 */
import { spawn } from "node:child_process";

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const checks = await Promise.all([
  run("npm", ["run", "--silent", "typecheck"]),
  run("npm", ["run", "--silent", "lint:code"]),
  run("npm", ["run", "--silent", "lint:format"]),
  run("npm", ["run", "--silent", "licences"]),
]);
if (checks.some((code) => code !== 0)) process.exit(1);
process.exit(await run("npx", ["vitest", "run", ...process.argv.slice(2)]));
