import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./harness";

/** `npm start` as an operator runs it: npm, the shell of its script, the node process that listens. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-npm-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const npmStart = (port: number) =>
  spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
  });

/** Every process below `root`, from the process table (Linux ps). */
function descendantsOf(root: number): number[] {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const visit = (pid: number) => table.filter(([, ppid]) => ppid === pid).forEach(([child]) => (found.push(child), visit(child)));
  visit(root);
  return found;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer().once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

const mtimes = () => ["dist/client/index.html", "dist/server/main.js"].map((file) => fs.statSync(file).mtimeMs);

describe("npm start", () => {
  it("serves compressed pages, refuses a second start without building, and stops everything on SIGTERM to npm", async () => {
    const port = await freePort();
    const npm = npmStart(port);
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => npm.once("exit", (code, signal) => resolve(signal ?? code)));

    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (
        await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`npm start did not serve:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const page = await fetch(`${url}/builders`, { headers: { "accept-encoding": "br" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(await page.text()).toContain('<div id="root">');

    const builtBefore = mtimes();
    expect(await runToEnd(npmStart(port))).toMatchObject({ code: 1, output: expect.stringContaining(`Port ${port} is in use`) });
    expect(mtimes()).toEqual(builtBefore);

    const tree = descendantsOf(npm.pid!);
    expect(tree.length).toBeGreaterThan(0);
    npm.kill("SIGTERM");
    await exited;
    const stopDeadline = Date.now() + 15_000;
    while (tree.some(isAlive) && Date.now() < stopDeadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tree.filter(isAlive)).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
    expect(output).toContain("SIGTERM received: closing");
  });
});

function runToEnd(child: ReturnType<typeof npmStart>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}
