import { imageShareUrl } from "#common/images/images.ts";
import type { WidgetImage } from "./widget-image";

/** The payload Share copies to the clipboard. */
export type SharedImagePayload = {
  imageUrl: string;
  imageName: string;
  annotation: string;
  experimentId: string;
  timestamp: string;
  /** The public page's full address, or null for a copy kept only in this browser (no public page). */
  shareUrl: string | null;
};

export const CLIPBOARD_SUCCESS_TEXT = "Image data copied to clipboard! You can now paste this in Claude terminal.";

const absolute = (path: string) => new URL(path, window.location.origin).href;

export function sharedImagePayload(image: WidgetImage, experimentId: string): SharedImagePayload {
  return {
    imageUrl: image.stored === "r2" ? absolute(image.url) : image.url,
    imageName: image.name,
    annotation: image.annotation,
    experimentId,
    timestamp: new Date().toISOString(),
    shareUrl: image.stored === "r2" ? absolute(imageShareUrl(image.id)) : null,
  };
}

/** Saves the payload as `{image id}.json`. */
export function downloadSharedImage(imageId: string, payload: SharedImagePayload): void {
  const blob = new Blob([JSON.stringify(payload, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `${imageId}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies the payload as JSON; false (and a log line) when the clipboard refused. */
export async function copySharedImage(payload: SharedImagePayload): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(JSON.stringify(payload, null, 2));
    return true;
  } catch (error) {
    console.warn("Clipboard copy failed", error);
    return false;
  }
}
