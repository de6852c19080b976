/**
 * npm test: the typecheck and the lint side by side (on a cold cache each keeps one core busy for about
 * half a minute), then the unit and integration tests. Arguments go to vitest.
 */
import { spawn } from "node:child_process";

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const [typecheck, lint] = await Promise.all([run("npm", ["run", "--silent", "typecheck"]), run("npm", ["run", "--silent", "lint"])]);
if (typecheck !== 0 || lint !== 0) process.exit(1);
process.exit(await run("npx", ["vitest", "run", ...process.argv.slice(2)]));
