import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type HeadObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { StorageConfig } from "#server/config.ts";
import { mapLimited } from "./map-limited";
import {
  assertContentType,
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  type ObjectStorage,
  type StoredObject,
  type StoredObjectInfo,
  StorageUnavailableError,
} from "./object-storage";

export type S3StorageConfig = Extract<StorageConfig, { driver: "s3" }>;

type ServiceError = Error & { code?: string; $metadata?: { httpStatusCode?: number } };

const MISSING_OBJECT = new Set(["NoSuchKey", "NotFound"]);
const isMissingObject = (error: unknown) => error instanceof Error && MISSING_OBJECT.has(error.name);

/** What went wrong, in the words an operator needs, whatever the SDK wrapped it in. */
function reasonOf(error: ServiceError, config: S3StorageConfig): string {
  const code = error.code ?? (error.cause as ServiceError | undefined)?.code;
  if (code === "ECONNREFUSED") return "the connection was refused (is the service running at that address?)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "its host name could not be resolved";
  if (code === "ECONNRESET") return "the connection was reset";
  switch (error.name) {
    case "NoSuchBucket":
      return `the bucket does not exist (create "${config.bucket}" or fix S3_BUCKET)`;
    case "InvalidAccessKeyId":
    case "SignatureDoesNotMatch":
    case "AccessDenied":
    case "Forbidden":
      return `access was denied (${error.name}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights on the bucket`;
    case "TimeoutError":
    case "AbortError":
      return "the service did not answer in time";
  }
  const status = error.$metadata?.httpStatusCode;
  const message = error.message && error.message !== "UnknownError" ? error.message : error.name;
  return status ? `${message} (HTTP ${status})` : message || "unknown error";
}

type S3StorageOptions = {
  /** Keys per ListObjectsV2 page (S3's maximum by default). */
  listPageSize?: number;
  /** The status banner waits this long for a hung service, not the minute a slow upload may idle. */
  probeTimeoutMs?: number;
};

export function createS3Storage(
  config: S3StorageConfig,
  { listPageSize = 1000, probeTimeoutMs = 10_000 }: S3StorageOptions = {},
): ObjectStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums beyond what S3 requires use trailers that R2, MinIO versions and s3rver do not all accept.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  });
  const Bucket = config.bucket;
  const where = `S3 bucket "${config.bucket}"${config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`}`;

  const unavailable = (action: string, error: unknown) =>
    new StorageUnavailableError(`Storage (${where}) could not ${action}: ${reasonOf(error as ServiceError, config)}`, { cause: error });

  async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw unavailable(action, error);
    }
  }

  const infoOf = (
    key: string,
    output: Pick<HeadObjectCommandOutput, "ContentLength" | "ContentType" | "ETag" | "LastModified">,
  ): StoredObjectInfo => ({
    key,
    size: output.ContentLength ?? 0,
    contentType: output.ContentType ?? "application/octet-stream",
    etag: output.ETag ?? "",
    lastModified: output.LastModified ?? new Date(0),
  });

  async function head(key: string): Promise<StoredObjectInfo | null> {
    assertStorageKey(key);
    return call(`read ${key}`, async () => {
      try {
        return infoOf(key, await client.send(new HeadObjectCommand({ Bucket, Key: key })));
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    });
  }

  async function put(key: string, body: Readable | Buffer, { contentType }: { contentType: string }): Promise<StoredObjectInfo> {
    assertStorageKey(key);
    assertContentType(contentType);
    // A body that fails (an upload cut short) is the caller's error, not the storage's: it is rethrown as is.
    let bodyError: unknown;
    try {
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
      } else {
        body.once("error", (error) => (bodyError = error));
        // A stream's length is unknown up front: Upload sends it in parts (or in one request when it is small).
        await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType } }).done();
      }
    } catch (error) {
      throw bodyError ?? unavailable(`write ${key}`, error);
    }
    const info = await head(key);
    if (!info) throw new StorageUnavailableError(`Storage (${where}) lost ${key} right after writing it`);
    return info;
  }

  return {
    driver: "s3",
    put,
    head,

    async get(key): Promise<StoredObject | null> {
      assertStorageKey(key);
      return call(`read ${key}`, async () => {
        try {
          const output = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          if (!(output.Body instanceof Readable)) throw new Error("the service answered without a body");
          return { ...infoOf(key, output), body: output.Body };
        } catch (error) {
          if (isMissingObject(error)) return null;
          throw error;
        }
      });
    },

    async delete(key) {
      assertStorageKey(key);
      await call(`delete ${key}`, () => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },

    async list(prefix) {
      assertStoragePrefix(prefix);
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await call(`list ${prefix || "the bucket"}`, () =>
          client.send(
            new ListObjectsV2Command({
              Bucket,
              Prefix: prefix,
              MaxKeys: listPageSize,
              ...(ContinuationToken ? { ContinuationToken } : {}),
            }),
          ),
        );
        for (const item of page.Contents ?? []) if (item.Key && isStorageKey(item.Key)) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      // A listing carries no content type, so each object is asked for its own.
      const infos = await mapLimited(keys.sort(), 8, head);
      return infos.filter((info): info is StoredObjectInfo => info !== null);
    },

    async probe() {
      const key = `.status-probe/${randomBytes(8).toString("hex")}`;
      const abortSignal = AbortSignal.timeout(probeTimeoutMs);
      await call(`write ${key}`, () =>
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: "ok", ContentType: "text/plain" }), { abortSignal }),
      );
      await call(`delete ${key}`, () => client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal }));
      return `${where} accepts writes`;
    },
  };
}
