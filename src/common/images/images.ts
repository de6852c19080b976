// The images contract: constants, payload types and zod/mini inputs shared by the upload routes,
// the images.* procedures and the image drop widget.
import * as z from "zod/mini";
import { safeText } from "#common/forms/text-input.ts";

/** The types the server accepts, sniffed from the bytes (never from the file name or the sent type). */
export const IMAGE_ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
export type ImageAcceptedType = (typeof IMAGE_ACCEPTED_TYPES)[number];
/** How the accepted types read in an error message. */
export const IMAGE_ACCEPTED_LABEL = "JPEG, PNG, WebP, GIF or AVIF";
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_ANNOTATION_MAX = 2000;
export const IMAGE_DEFAULT_EXPERIMENT = "general";
export const IMAGE_EXPERIMENT_ID_MAX = 100;

/** An image as its owner sees it (upload answer, images.list). */
export type SavedImage = {
  id: string;
  url: string;
  thumbnailUrl: string;
  originalName: string;
  annotation: string;
  experimentId: string;
  /** ISO time. */
  uploadedAt: string;
  /** Bytes of the stored (re-encoded) full image. */
  size: number;
  /** The stored image's content type. */
  type: string;
  width: number;
  height: number;
  shared: boolean;
  /** `/lab/image/{id}` while shared, else null. */
  shareUrl: string | null;
};

/** A shared image as anyone sees it (images.getShared, the public /lab/image/{id} page). */
export type SharedImage = Pick<
  SavedImage,
  "id" | "url" | "thumbnailUrl" | "originalName" | "annotation" | "uploadedAt" | "width" | "height"
>;

export const imageUrl = (id: string): string => `/uploads/images/${id}`;
export const imageThumbnailUrl = (id: string): string => `/uploads/images/${id}/thumbnail`;
export const imageShareUrl = (id: string): string => `/lab/image/${id}`;

const EXPERIMENT_ID = /^[A-Za-z0-9_-]+$/;

/** An experiment id: letters, digits, `-` and `_`; missing or blank means `general`. */
export const experimentIdField = z.pipe(
  z.nullish(
    safeText("Experiment id").check(
      z.trim(),
      z.maxLength(IMAGE_EXPERIMENT_ID_MAX, `Experiment id must be at most ${IMAGE_EXPERIMENT_ID_MAX} characters`),
      z.refine((value) => value === "" || EXPERIMENT_ID.test(value), "Experiment id may hold only letters, digits, - and _"),
    ),
  ),
  z.transform((value) => (value ? value : IMAGE_DEFAULT_EXPERIMENT)),
);

/** Free text kept as written (line breaks included); missing means empty. */
export const imageAnnotationField = z.pipe(
  z.nullish(
    safeText("Annotation").check(z.maxLength(IMAGE_ANNOTATION_MAX, `Annotation must be at most ${IMAGE_ANNOTATION_MAX} characters`)),
  ),
  z.transform((value) => value ?? ""),
);

const imageIdField = z.uuid({ error: "Image id must be a valid id" });

export const imageListInput = z.object({ experimentId: experimentIdField });
export type ImageListInput = z.infer<typeof imageListInput>;

/** `POST /api/images/annotate` and images.annotate; experimentId and timestamp are accepted and not needed. */
export const imageAnnotateInput = z.object({
  imageId: imageIdField,
  annotation: imageAnnotationField,
  experimentId: z.optional(z.nullable(safeText("Experiment id").check(z.maxLength(IMAGE_EXPERIMENT_ID_MAX)))),
  timestamp: z.optional(z.nullable(safeText("Timestamp").check(z.maxLength(64, "Timestamp is too long")))),
});
export type ImageAnnotateInput = z.infer<typeof imageAnnotateInput>;

export const imageIdInput = z.object({ imageId: imageIdField });
export type ImageIdInput = z.infer<typeof imageIdInput>;

export const imageShareInput = z.object({
  imageId: imageIdField,
  shared: z.boolean({ error: "Shared must be true or false" }),
});
export type ImageShareInput = z.infer<typeof imageShareInput>;

export const sharedImageInput = z.object({ id: imageIdField });
export type SharedImageInput = z.infer<typeof sharedImageInput>;

/** The upload form's text fields (the file travels beside them). */
export const imageUploadFields = z.object({ experimentId: experimentIdField, annotation: imageAnnotationField });
export type ImageUploadFields = z.infer<typeof imageUploadFields>;
