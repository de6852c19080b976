export const AVATAR_UPLOAD_PATH = "/api/builders/avatar";

/** The upload was refused or never arrived; `message` is written to be shown as it is. */
export class AvatarUploadError extends Error {}

const NETWORK_ERROR = "Network error. Please try again.";

/**
 * Sends a picture to `POST /api/builders/avatar` and answers the stored avatar's URL (a 256 px square the
 * server cut from it). When refused, the error carries the server's own reason (not an image, too large...).
 */
export async function uploadAvatar(file: File, signal: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append("file", file, file.name || "avatar");
  let response: Response;
  try {
    response = await fetch(AVATAR_UPLOAD_PATH, { method: "POST", body: form, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new AvatarUploadError(NETWORK_ERROR);
  }
  const answer = (await response.json().catch(() => null)) as { avatarUrl?: string; error?: string } | null;
  if (!response.ok || !answer?.avatarUrl) {
    throw new AvatarUploadError(answer?.error ?? `The photo could not be uploaded (status ${response.status}).`);
  }
  return answer.avatarUrl;
}
