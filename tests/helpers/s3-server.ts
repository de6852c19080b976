import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../../src/server/infra/storage/s3-storage";

export type TestS3Server = {
  /** Storage settings that reach this server's bucket. */
  config: S3StorageConfig;
  /** Stops answering (open connections included), as an outage would; the files stay until `remove`. */
  stop(): Promise<void>;
  remove(): Promise<void>;
};

/** A real S3 HTTP server (s3rver) on a free port, with its bucket made, keeping its files in a temp folder. */
export async function startS3Server(bucket = "lab-test"): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "lab-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    const closed = server.close();
    server.httpServer.closeAllConnections();
    await closed;
  };
  return {
    config: {
      driver: "s3",
      bucket,
      region: "auto",
      endpoint: `http://127.0.0.1:${port}`,
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
