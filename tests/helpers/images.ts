import { crc32 } from "node:zlib";
import type { InjectOptions } from "fastify";
import sharp from "sharp";

/** A multipart request as a browser's FormData makes it: `file` plus text fields, for `app.inject`. */
export async function multipartRequest(
  url: string,
  file: { bytes: Buffer; name: string; type?: string } | null,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
  fileField = "file",
): Promise<InjectOptions> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return {
    method: "POST",
    url,
    headers: { ...headers, "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}

const canvas = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? { r: 40, g: 120, b: 200, alpha: 0.5 } : "#3c78c8" } });

/** A small image in each accepted format. */
export async function sampleImages(): Promise<Record<"jpeg" | "png" | "webp" | "gif" | "avif", Buffer>> {
  return {
    jpeg: await canvas(64, 48).jpeg().toBuffer(),
    png: await canvas(64, 48, 4).png().toBuffer(),
    webp: await canvas(64, 48).webp().toBuffer(),
    gif: await canvas(64, 48).gif().toBuffer(),
    avif: await canvas(64, 48).avif().toBuffer(),
  };
}

/** Random pixels compress badly: a JPEG of the size asked weighs what a real photo of that size does. */
export async function noisyJpeg(width: number, height: number, quality = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .jpeg({ quality })
    .toBuffer();
}

/** A 60x40 JPEG whose EXIF says "rotate 90°" and carries a camera make and a GPS position. */
export async function jpegWithGpsAndOrientation(): Promise<Buffer> {
  return canvas(60, 40)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "TestCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } })
    .toBuffer();
}

/**
 * A decompression bomb: a real 1x1 PNG whose header claims `side` x `side` pixels (the CRC fixed up), so
 * a decoder that trusted it would allocate side² pixels.
 */
export async function pngClaimingSize(side: number): Promise<Buffer> {
  const png = Buffer.from(await canvas(1, 1).png().toBuffer());
  // Signature (8 bytes), then the IHDR chunk: length (4), type (4), width (4), height (4), ..., CRC after 13 data bytes.
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
