import os from "node:os";
import type { Sharp, SharpConstructor } from "sharp";
import { IMAGE_ACCEPTED_LABEL, IMAGE_ACCEPTED_TYPES, type ImageAcceptedType } from "#common/images/images.ts";
import { unprocessable, unsupportedMediaType } from "./errors";
import { createWorkLimiter } from "./work-limiter";

/** A decompression bomb stops here: 50 megapixels is four times a 12 MP phone photo. */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
export const IMAGE_FULL_MAX_SIDE = 2560;
export const IMAGE_THUMBNAIL_MAX_SIDE = 400;
export const AVATAR_SIDE = 256;

/** Every stored image is WebP: smaller than JPEG and PNG at the same look, shown by every current browser. */
export const STORED_IMAGE_TYPE = "image/webp";
export const STORED_IMAGE_EXTENSION = "webp";
const WEBP_QUALITY = 82;

let sharpModule: Promise<SharpConstructor> | undefined;
/** sharp (about 30 MB resident) loads with the first image rather than at start, for the memory budget. */
export const loadSharp = () =>
  (sharpModule ??= import("sharp").then((module) => {
    const sharp = module.default as SharpConstructor;
    // Every upload is decoded once: libvips' operation cache would only hold memory for inputs never seen again.
    sharp.cache(false);
    return sharp;
  }));

/** Decoding beyond one image per core adds memory, not throughput: the rest wait their turn. */
const imageWork = createWorkLimiter(os.availableParallelism());

/** file-type names animated PNG apart; it is a PNG all the same. */
const SNIFFED_ALIASES: Record<string, ImageAcceptedType> = { "image/apng": "image/png" };

/** The type the file's bytes say, when it is one the site accepts; 415 naming what is accepted otherwise. */
export async function sniffImageType(file: string): Promise<ImageAcceptedType> {
  // Loaded with the first upload, as sharp is (about 12 MB resident).
  const { fileTypeFromFile } = await import("file-type");
  const sniffed = await fileTypeFromFile(file);
  const mime = sniffed ? (SNIFFED_ALIASES[sniffed.mime] ?? sniffed.mime) : undefined;
  if (mime && (IMAGE_ACCEPTED_TYPES as readonly string[]).includes(mime)) return mime as ImageAcceptedType;
  throw unsupportedMediaType(`This file is not a supported image. Please upload a ${IMAGE_ACCEPTED_LABEL} image.`);
}

export type EncodedImage = { data: Buffer; width: number; height: number };
export type ProcessedImage = { full: EncodedImage; thumbnail: EncodedImage };

const within = (side: number) => ({ width: side, height: side, fit: "inside" as const, withoutEnlargement: true });

/**
 * Decodes the file under the pixel limit, turns the image upright (EXIF orientation), and writes WebP copies
 * without any metadata (sharp keeps none unless asked: no EXIF, GPS, XMP or ICC comment survives). Animated
 * GIF and WebP keep their first frame. 422 for a decompression bomb or bytes that do not decode.
 * The two copies are made one after the other, each from the file: one decoded image at a time per upload
 * (a JPEG thumbnail decodes at 1/8 scale, so the second pass is cheap).
 */
export function processUpload(file: string): Promise<ProcessedImage> {
  return imageWork.run(() =>
    decodeSafely(async () => {
      const full = await encode((await openImage(file)).rotate().resize(within(IMAGE_FULL_MAX_SIDE)));
      const thumbnail = await encode((await openImage(file)).rotate().resize(within(IMAGE_THUMBNAIL_MAX_SIDE)));
      return { full, thumbnail };
    }),
  );
}

/** A builder avatar: upright, cropped square around what draws the eye, 256 px, WebP without metadata. */
export function processAvatar(file: string): Promise<EncodedImage> {
  return imageWork.run(() =>
    decodeSafely(async () => {
      const sharp = await loadSharp();
      return encode(
        (await openImage(file)).rotate().resize(AVATAR_SIDE, AVATAR_SIDE, { fit: "cover", position: sharp.strategy.attention }),
      );
    }),
  );
}

const openImage = async (file: string) => (await loadSharp())(file, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: "error" });

async function encode(pipeline: Sharp): Promise<EncodedImage> {
  const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function decodeSafely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    if (/pixel limit/i.test(error.message)) {
      throw unprocessable(
        `This image has too many pixels (more than ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels). Please upload a smaller image.`,
      );
    }
    // libvips' own words for bytes it cannot decode (truncated, corrupt): the file is at fault, not the server.
    throw unprocessable("This image could not be read: the file looks damaged or incomplete.");
  }
}

/**
 * A PNG or JPEG kept in its format and size, re-encoded without its metadata (EXIF, GPS, comments), under the
 * same pixel limit and with the same 422s as uploads.
 */
export function reencodeWithoutMetadata(file: string, format: "png" | "jpeg"): Promise<EncodedImage> {
  return imageWork.run(() =>
    decodeSafely(async () => {
      const image = (await openImage(file)).rotate();
      const encoded = format === "png" ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 88, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    }),
  );
}
