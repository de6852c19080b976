import { PassThrough, type Readable } from "node:stream";
import { asError } from "#server/infra/errors.ts";

/**
 * Connects a producer that writes text to a consumer that reads a stream (a storage upload), with
 * backpressure: `write` waits while the consumer is behind, so only a buffer's worth is ever in memory.
 * A consumer that fails stops the producer; a producer that fails aborts the consumer.
 */
export async function pipeWithBackpressure<R, S>(
  produce: (write: (chunk: string) => Promise<void>) => Promise<R>,
  consume: (body: Readable) => Promise<S>,
): Promise<{ result: R; stored: S }> {
  const body = new PassThrough({ highWaterMark: 1024 * 1024 });
  const stored = consume(body);
  stored.catch((error: unknown) => body.destroy(asError(error)));
  const write = async (chunk: string) => {
    if (body.destroyed) throw new Error("The backup's destination closed before it was complete");
    if (body.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const drained = () => {
        body.off("close", closed);
        resolve();
      };
      const closed = () => {
        body.off("drain", drained);
        reject(new Error("The backup's destination closed before it was complete"));
      };
      body.once("drain", drained);
      body.once("close", closed);
    });
  };
  let result: R;
  try {
    result = await produce(write);
  } catch (error) {
    body.destroy(asError(error));
    // When the consumer failed first, its error is the one that explains what happened.
    const consumerError: unknown = await stored.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    throw consumerError ?? error;
  }
  body.end();
  return { result, stored: await stored };
}
