import { BACKUP_ERROR_TEXTS, type BackupStatus, type RestoreReport } from "#common/backup/backup.ts";

/**
 * The backup page's REST calls (a download and an upload are not tRPC's job). The
 * session cookie goes with them; failures become the page's texts (BACKUP_ERROR_TEXTS).
 */
export class BackupRequestError extends Error {}

async function failureOf(response: Response): Promise<BackupRequestError> {
  if (response.status === 401) return new BackupRequestError(BACKUP_ERROR_TEXTS.authExpired);
  if (response.status === 404 && !response.headers.get("content-type")?.includes("json"))
    return new BackupRequestError(BACKUP_ERROR_TEXTS.notDeployed);
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  const detail = typeof body?.error === "string" ? body.error : response.statusText;
  return new BackupRequestError(BACKUP_ERROR_TEXTS.server(response.status, detail));
}

async function send(url: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init });
  } catch {
    throw new BackupRequestError("Network error. Please check your connection and try again.");
  }
  if (!response.ok) throw await failureOf(response);
  return response;
}

export async function fetchBackupStatus(): Promise<BackupStatus> {
  return (await send("/api/backup/status")).json() as Promise<BackupStatus>;
}

export type DownloadProgress = { phase: "writing" } | { phase: "downloading"; received: number; total: number | null };

/**
 * POST /api/backup/export: the server writes the backup to storage (the "writing" phase), then sends it;
 * the bytes are counted as they arrive and the file is saved under the server's name.
 */
export async function exportBackup(namespaces: string[], onProgress: (progress: DownloadProgress) => void): Promise<void> {
  onProgress({ phase: "writing" });
  const response = await send("/api/backup/export", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ namespaces }),
  });
  const total = Number(response.headers.get("x-backup-size")) || null;
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress({ phase: "downloading", received, total });
  }
  saveFile(new Blob(parts as BlobPart[], { type: "application/json" }), fileNameOf(response) ?? "brand-backup.json");
}

const fileNameOf = (response: Response) => /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** POST /api/backup/restore: the file as multipart, `dryRun` first; the owner's password in the form when the restore asks for it. */
export async function restoreUpload(file: File, dryRun: boolean, password?: string): Promise<RestoreReport> {
  const form = new FormData();
  if (password) form.append("password", password);
  form.append("file", file);
  return (await send(`/api/backup/restore?dryRun=${dryRun ? 1 : 0}`, { method: "POST", body: form })).json() as Promise<RestoreReport>;
}

export const downloadUrl = (id: string) => `/api/backup/history/${id}/download`;
