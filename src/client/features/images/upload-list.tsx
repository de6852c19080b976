import { X } from "lucide-react";
import { formatBytes } from "#client/lib/format.ts";
import { Button } from "#client/ui/button.tsx";
import { Progress } from "#client/ui/progress.tsx";
import type { PendingUpload } from "./use-image-library";

/** One row per file on its way: its name, the bytes sent so far, or why it failed. */
export function UploadList({ uploads, onDismiss }: { uploads: readonly PendingUpload[]; onDismiss: (key: string) => void }) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-2">
      {uploads.map((upload) => {
        const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
        return (
          <li key={upload.key} className="flex flex-col gap-1.5 rounded-control border border-line bg-surface px-3 py-2.5">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium">{upload.name}</span>
              {upload.error ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onDismiss(upload.key)}
                  aria-label={`Dismiss the failed upload of ${upload.name}`}
                >
                  <X aria-hidden="true" />
                </Button>
              ) : (
                <span className="shrink-0 text-ink-muted tabular-nums">
                  {formatBytes(upload.loaded)} of {formatBytes(upload.total)}
                </span>
              )}
            </div>
            {upload.error ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {upload.error}
              </p>
            ) : (
              <Progress value={percent} label={`Uploading ${upload.name}: ${percent}%`} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
