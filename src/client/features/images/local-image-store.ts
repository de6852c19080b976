import { IMAGE_DEFAULT_EXPERIMENT } from "#common/images/images.ts";

/**
 * The browser's copy of images the server does not hold (signed out, or the upload failed), and of
 * annotations the server could not save: the `images_{experimentId}` key, one JSON list per experiment.
 * Data URLs are large and localStorage holds about 5 MB: a full store is reported, never thrown.
 */
export type LocalImage = {
  id: string;
  name: string;
  /** A data URL, or the server's URL when only the annotation is kept here. */
  url: string;
  annotation: string;
  timestamp: string;
  /** `r2`: the server holds the image and this entry keeps an annotation it could not save. */
  stored?: "r2";
};

export const localImagesKey = (experimentId: string) => `images_${experimentId || IMAGE_DEFAULT_EXPERIMENT}`;

const isLocalImage = (value: unknown): value is LocalImage => {
  if (typeof value !== "object" || value === null) return false;
  const { id, name, url, annotation, timestamp } = value as Record<string, unknown>;
  return [id, name, url, annotation, timestamp].every((field) => typeof field === "string");
};

export function readLocalImages(experimentId: string): LocalImage[] {
  try {
    const raw = window.localStorage.getItem(localImagesKey(experimentId));
    if (raw === null) return [];
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isLocalImage) : [];
  } catch (error) {
    // Saved images that fail to load are only logged.
    console.warn("Loading saved images failed", error);
    return [];
  }
}

export type LocalWriteResult = "saved" | "full" | "unavailable";

export function writeLocalImages(experimentId: string, images: LocalImage[]): LocalWriteResult {
  try {
    const key = localImagesKey(experimentId);
    if (images.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(images));
    return "saved";
  } catch (error) {
    if (error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === 22)) return "full";
    return "unavailable";
  }
}

/** Adds or replaces one entry (by id). */
export function saveLocalImage(experimentId: string, image: LocalImage): LocalWriteResult {
  const others = readLocalImages(experimentId).filter((entry) => entry.id !== image.id);
  return writeLocalImages(experimentId, [image, ...others]);
}

export function removeLocalImage(experimentId: string, id: string): void {
  const images = readLocalImages(experimentId);
  if (images.some((entry) => entry.id === id))
    writeLocalImages(
      experimentId,
      images.filter((entry) => entry.id !== id),
    );
}

export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsDataURL(file);
  });
}

/** A kept copy back as a file to upload (decoded here: the site's CSP lets fetch reach only itself, not data: URLs). */
export function dataUrlToFile(dataUrl: string, name: string): File {
  const [header = "", base64 = ""] = dataUrl.split(",", 2);
  const type = /^data:([^;,]+)/.exec(header)?.[1] ?? "application/octet-stream";
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new File([bytes], name, { type });
}
