import type { SavedImage } from "#common/images/images.ts";

/**
 * An image as the widget shows it: one the server stores (`stored: "r2"`, a legacy name for "uploaded
 * to the server"), or one kept only in this browser (`stored: "local"`, a data URL) because the visitor is
 * signed out or its upload failed.
 */
export type WidgetImage = {
  id: string;
  name: string;
  /** The stored image's URL, or a data URL for a local copy. */
  url: string;
  thumbnailUrl: string;
  annotation: string;
  /** ISO time it was added. */
  timestamp: string;
  stored: "r2" | "local";
  shareUrl: string | null;
};

export const fromSavedImage = (image: SavedImage): WidgetImage => ({
  id: image.id,
  name: image.originalName,
  url: image.url,
  thumbnailUrl: image.thumbnailUrl,
  annotation: image.annotation,
  timestamp: image.uploadedAt,
  stored: "r2",
  shareUrl: image.shareUrl,
});

/** How the widget reports what a person did with it (the image test page marks its feature tests with it). */
export type ImageWidgetAction = "drag-and-drop" | "paste" | "choose-files" | "annotate" | "share";
