/**
 * npm start: builds what is missing or older than its sources (scripts/build.ts --if-stale), then runs the
 * compiled server in this very process. npm forwards SIGINT and SIGTERM to its script's shell, and the shell
 * replaces itself with the script's one command, so the signal reaches the process that listens, and the
 * server closes (src/server/main.ts). Settings come from the environment, then from .env when it exists
 * (scripts/load-env.mjs). Plain JavaScript: this file runs before anything is compiled.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
// Settings from .env, when it exists, before anything reads the environment (PORT just below, the server after).
import "./load-env.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** True when something already listens where the server would: building now would replace its files under it. */
function portInUse(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error) => resolve(error.code === "EADDRINUSE"));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

/** Runs the build in a child process; a signal meanwhile stops the build and this process with it. */
function buildStale() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/build.ts"), "--if-stale"], {
      cwd: root,
      stdio: "inherit",
    });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward).on("SIGTERM", forward);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      process.off("SIGINT", forward).off("SIGTERM", forward);
      if (code === 0) resolve();
      else reject(new Error(signal ? `The build was stopped by ${signal}.` : `The build failed (exit code ${code}).`));
    });
  });
}

// The same defaults as src/server/config.ts, which validates them when the server starts.
const port = process.env.PORT || "3000";
if (/^\d+$/.test(port) && Number(port) > 0 && Number(port) < 65536 && (await portInUse(Number(port), process.env.HOST || "0.0.0.0"))) {
  console.error(`Port ${port} is in use: is the server already running? Nothing was built. Stop it, or set PORT to another port.`);
  process.exit(1);
}
if (!fs.existsSync(path.join(root, "node_modules/tsx"))) {
  console.error(
    "npm start builds the app first, which needs the development dependencies: run npm install. (With production dependencies only, run node dist/server/main.js.)",
  );
  process.exit(1);
}
try {
  await buildStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
