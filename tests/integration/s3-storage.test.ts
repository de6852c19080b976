import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageUnavailableError, type ObjectStorage } from "#server/infra/storage/index.ts";
import { createS3Storage } from "#server/infra/storage/s3-storage.ts";
import { startS3Server, type TestS3Server } from "../helpers/s3-server";
import { objectStorageContract } from "../helpers/storage-contract";

let server: TestS3Server;
let storage: ObjectStorage;

beforeAll(async () => {
  server = await startS3Server();
  storage = createS3Storage(server.config);
});
afterAll(async () => {
  await server?.remove();
});

objectStorageContract(() => storage);

describe("the S3 driver's listing", () => {
  it("follows continuation tokens across pages", async () => {
    const paged = createS3Storage(server.config, { listPageSize: 2 });
    const keys = ["pages/1", "pages/2", "pages/3", "pages/4", "pages/5"];
    for (const key of keys) await storage.put(key, Buffer.from(key), { contentType: "text/plain" });
    expect((await paged.list("pages/")).map((info) => info.key)).toEqual(keys);
  });
});

describe("the S3 driver against a misconfigured service", () => {
  it("names a missing bucket", async () => {
    const wrongBucket = createS3Storage({ ...server.config, bucket: "no-such-bucket" });
    await expect(wrongBucket.probe()).rejects.toThrow(
      /S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+\) could not write .*: the bucket does not exist/,
    );
  });

  // s3rver checks the key id but not SigV4 signatures, so a wrong secret cannot be shown here.
  it("names refused credentials", async () => {
    const unknownKey = createS3Storage({ ...server.config, accessKeyId: "NOT-A-KEY" });
    await expect(unknownKey.put("x.png", Buffer.from("x"), { contentType: "image/png" })).rejects.toThrow(
      /could not write x\.png: access was denied \(InvalidAccessKeyId\): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });
});

describe("the S3 driver when the service hangs", () => {
  it("gives the status probe up after its deadline with the reason", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket)); // accepts connections, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const hung = createS3Storage({ ...server.config, endpoint: `http://127.0.0.1:${port}` }, { probeTimeoutMs: 300 });
      await expect(hung.probe()).rejects.toThrow(/could not write \.status-probe\/\w+: the service did not answer in time/);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

// Last: stops the server for the rest of the file.
describe("the S3 driver when the service is away", () => {
  it("rejects writes, reads and the probe with the reason, not a hang or a crash", async () => {
    await server.stop();
    const refused = /could not (write|read|list|delete) .*: the connection was refused/;
    await expect(storage.put("away.png", Buffer.from("x"), { contentType: "image/png" })).rejects.toThrow(StorageUnavailableError);
    await expect(storage.put("away.png", Buffer.from("x"), { contentType: "image/png" })).rejects.toThrow(refused);
    await expect(storage.get("away.png")).rejects.toThrow(refused);
    await expect(storage.head("away.png")).rejects.toThrow(refused);
    await expect(storage.list("")).rejects.toThrow(refused);
    await expect(storage.delete("away.png")).rejects.toThrow(refused);
    await expect(storage.probe()).rejects.toThrow(
      /^Storage \(S3 bucket "lab-test" at http:\/\/127\.0\.0\.1:\d+\) could not write \.status-probe\/\w+: the connection was refused/,
    );
  });
});
