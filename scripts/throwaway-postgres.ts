/**
 * A Postgres cluster of our own (initdb + pg_ctl in a temp folder, on a free port) that a bench may
 * restart without disturbing anybody else's server. Run as root, the server runs as the postgres user.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./bench-support";

const run = promisify(execFile);

export type ThrowawayPostgres = {
  url: string;
  /** pg_ctl restart -m fast: drops every connection, then waits until the server accepts them again. */
  restart(): Promise<void>;
  /** Stops the server and deletes its folder. */
  remove(): Promise<void>;
};

async function binDir(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = (await fs.readdir("/usr/lib/postgresql").catch(() => [])).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error("no Postgres binaries in /usr/lib/postgresql: install postgresql or set PG_BIN");
  return path.join("/usr/lib/postgresql", versions[0], "bin");
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = await binDir();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "throwaway-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await fs.chown(folder, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const data = path.join(folder, "data");
  const port = await freePort();
  await pg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
  await pg("pg_ctl", ["-D", data, "-l", path.join(folder, "server.log"), "-o", options, "-w", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await pg("pg_ctl", ["-D", data, "-l", path.join(folder, "server.log"), "-o", options, "-m", "fast", "-w", "restart"]);
    },
    remove: async () => {
      await pg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
