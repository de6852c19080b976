import os from "node:os";
import type { Metadata, Sharp, SharpConstructor } from "sharp";
import { IMAGE_ACCEPTED_LABEL, IMAGE_ACCEPTED_TYPES, type ImageAcceptedType } from "#common/images/images.ts";
import { DomainError, unprocessable, unsupportedMediaType } from "./errors";
import { createWorkLimiter } from "./work-limiter";

/**
 * A decompression bomb stops here: 50 megapixels is four times a 12 MP phone photo. It holds for the decoders
 * that stream rows (baseline JPEG, non-interlaced PNG, WebP): one such image costs at most about 150 MB of
 * resident memory while it is worked on (a 7000x7000 PNG about 95 MB, most of it the 2560 px WebP encode).
 */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/**
 * Decoders that hold the whole image (and more) in memory get lower caps, so that one image of any accepted
 * kind stays within the same ~150 MB (measured peaks per decoder in docs/decisions/024-image-memory.md).
 */
const WHOLE_IMAGE_MAX_PIXELS = {
  /** ~3.8 MB per megapixel on top of the encode: 12 MP costs about 140 MB. */
  interlacedPng: 12_000_000,
  /** ~3.1 MB per megapixel: 30 MP costs about 130 MB. */
  progressiveJpeg: 30_000_000,
  /** ~4.6 MB per megapixel: 20 MP costs about 135 MB. */
  gif: 20_000_000,
  /** libheif: ~17.5 MB per megapixel: 7 MP costs about 140 MB (a 12 MP AVIF would cost about 230 MB). */
  avif: 7_000_000,
} as const;
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
    // One image at a time uses every core: four 12 MP photos one after the other took 5.4 s this way, 9.5 s on
    // one thread each, and 7.1 s four at once on one thread each (at three times the memory).
    sharp.concurrency(os.availableParallelism());
    return sharp;
  }));

/**
 * One image at a time per instance: a second image in work doubles the peak memory without adding throughput
 * (libvips already spreads one image over every core). The others wait their turn holding only their spooled
 * file on disk; nothing is decoded until a request's turn comes.
 */
const imageWork = createWorkLimiter(1);

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
    decodeSafely(file, async (open) => {
      const full = await encode((await open()).rotate().resize(within(IMAGE_FULL_MAX_SIDE)));
      const thumbnail = await encode((await open()).rotate().resize(within(IMAGE_THUMBNAIL_MAX_SIDE)));
      return { full, thumbnail };
    }),
  );
}

/** A builder avatar: upright, cropped square around what draws the eye, 256 px, WebP without metadata. */
export function processAvatar(file: string): Promise<EncodedImage> {
  return imageWork.run(() =>
    decodeSafely(file, async (open) => {
      const sharp = await loadSharp();
      return encode((await open()).rotate().resize(AVATAR_SIDE, AVATAR_SIDE, { fit: "cover", position: sharp.strategy.attention }));
    }),
  );
}

/** The pixel cap for what the header says the file is. */
function pixelLimitFor({ format, isProgressive }: Metadata): number {
  if (format === "png" && isProgressive) return WHOLE_IMAGE_MAX_PIXELS.interlacedPng;
  if (format === "jpeg" && isProgressive) return WHOLE_IMAGE_MAX_PIXELS.progressiveJpeg;
  if (format === "gif") return WHOLE_IMAGE_MAX_PIXELS.gif;
  if (format === "heif") return WHOLE_IMAGE_MAX_PIXELS.avif;
  return IMAGE_MAX_INPUT_PIXELS;
}

const tooManyPixels = (limit: number) =>
  unprocessable(`This image has too many pixels (more than ${limit / 1_000_000} megapixels). Please upload a smaller image.`);

/** Opens the file for one pass: rows read in order (no random access, so no whole decoded copy), damaged bytes refused. */
type OpenImage = () => Promise<Sharp>;

async function encode(pipeline: Sharp): Promise<EncodedImage> {
  const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Reads the header (no pixels decoded) to choose the pixel cap, refuses an image over it before decoding,
 * then lets `work` open the file under that cap as often as it needs. 422 for too many pixels or bytes that
 * do not decode.
 */
async function decodeSafely<T>(file: string, work: (open: OpenImage) => Promise<T>): Promise<T> {
  let limit = IMAGE_MAX_INPUT_PIXELS;
  try {
    const sharp = await loadSharp();
    const header = await sharp(file, { limitInputPixels: false }).metadata();
    limit = pixelLimitFor(header);
    if ((header.width ?? 0) * (header.pageHeight ?? header.height ?? 0) > limit) throw tooManyPixels(limit);
    return await work(async () => sharp(file, { limitInputPixels: limit, sequentialRead: true, failOn: "error" }));
  } catch (error) {
    if (!(error instanceof Error) || error instanceof DomainError) throw error;
    if (/pixel limit/i.test(error.message)) throw tooManyPixels(limit);
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
    decodeSafely(file, async (open) => {
      const image = (await open()).rotate();
      const encoded = format === "png" ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 88, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    }),
  );
}
