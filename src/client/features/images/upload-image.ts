import type { SavedImage } from "#common/images/images.ts";

export const IMAGE_UPLOAD_PATH = "/api/images/upload";

export type UploadProgress = { loaded: number; total: number };

/** The upload failed; `message` is the "Upload failed: ..." text. */
export class ImageUploadError extends Error {}

type UploadAnswer = { success?: boolean; error?: string; image?: SavedImage };

/**
 * Sends one image to `POST /api/images/upload`. XMLHttpRequest rather than fetch: only it reports the bytes
 * sent while the request body goes out, which the widget shows as each file's progress bar.
 */
export function uploadImage(
  file: File,
  fields: { experimentId: string; annotation?: string },
  onProgress: (progress: UploadProgress) => void,
): Promise<SavedImage> {
  const form = new FormData();
  // Text fields first: the server reads the parts in order and the file is the last one.
  form.append("experimentId", fields.experimentId);
  form.append("annotation", fields.annotation ?? "");
  form.append("file", file, file.name || "pasted-image.png");

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", IMAGE_UPLOAD_PATH);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    request.onerror = () => reject(new ImageUploadError("Upload failed: Network error. Please try again."));
    request.onabort = () => reject(new ImageUploadError("Upload failed: the upload was cancelled"));
    request.onload = () => {
      const answer = (request.response ?? null) as UploadAnswer | null;
      if (request.status < 200 || request.status >= 300) {
        // "Upload failed: {status text}", with the server's own reason when it gave one.
        reject(new ImageUploadError(`Upload failed: ${answer?.error ?? (request.statusText || `status ${request.status}`)}`));
        return;
      }
      if (!answer?.success || !answer.image) {
        reject(new ImageUploadError(`Upload failed: ${answer?.error ?? "Upload failed"}`));
        return;
      }
      resolve(answer.image);
    };
    request.send(form);
  });
}

export const ANNOTATE_PATH = "/api/images/annotate";

/** `POST /api/images/annotate`; throws "Annotation save failed: {status text}" when refused. */
export async function saveAnnotation(input: { imageId: string; annotation: string; experimentId: string }): Promise<void> {
  let response: Response;
  try {
    response = await fetch(ANNOTATE_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...input, timestamp: new Date().toISOString() }),
    });
  } catch {
    throw new Error("Annotation save failed: Network error");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(`Annotation save failed: ${body?.error ?? (response.statusText || `status ${response.status}`)}`);
  }
}
