import { fork } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { S3StorageConfig } from "#server/infra/storage/s3-storage.ts";

export type TestS3Server = {
  /** Storage settings that reach this server's bucket. */
  config: S3StorageConfig;
  /** Kills the server, as an outage would; its files stay until `remove`. */
  stop(): Promise<void>;
  remove(): Promise<void>;
};

const SCRIPT = path.join(import.meta.dirname, "s3rver-process.ts");

/**
 * A real S3 HTTP server (s3rver) on a free port, with its bucket made, keeping its files in a temp folder.
 * It runs in a child process because its continuation tokens use DES, which Node's OpenSSL 3 offers only
 * with the legacy provider, and that flag should not leak into the test process.
 */
export async function startS3Server(bucket = "lab-test"): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "lab-s3rver-"));
  const child = fork(SCRIPT, [directory, bucket], {
    execArgv: ["--openssl-legacy-provider", "--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = once(child, "exit");
  const [message] = (await Promise.race([
    once(child, "message"),
    exited.then(() => Promise.reject(new Error("s3rver exited before listening"))),
  ])) as [{ port: number }];
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGKILL");
    await exited;
  };
  return {
    config: {
      driver: "s3",
      bucket,
      region: "auto",
      endpoint: `http://127.0.0.1:${message.port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    stop,
    async remove() {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
