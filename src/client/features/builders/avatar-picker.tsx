import { useEffect, useRef, useState } from "react";
import { Camera, Trash2, UserRound } from "lucide-react";
import { BUILDER_AVATAR_MAX_BYTES } from "#common/builders/builders.ts";
import { IMAGE_ACCEPTED_LABEL, IMAGE_ACCEPTED_TYPES } from "#common/images/images.ts";
import { Avatar } from "#client/ui/avatar.tsx";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";
import { Spinner } from "#client/ui/spinner.tsx";
import { AvatarUploadError, uploadAvatar } from "./upload-avatar";

type UploadState =
  | { kind: "idle" }
  /** `preview` is a blob: URL of the chosen file, shown while the server makes the square. */
  | { kind: "uploading"; preview: string }
  | { kind: "uploaded" }
  | { kind: "failed"; message: string };

export type AvatarPickerProps = {
  /** The avatar's URL ("" = none): an upload's answer, or the profile's current one. */
  value: string;
  onChange: (avatarUrl: string) => void;
  /** Told when an upload starts and ends, so the form waits for it before it sends the profile. */
  onUploadingChange: (uploading: boolean) => void;
  /** For the initials shown while there is no photo. */
  name: string;
  /** A check of the form's schema that failed (shown like a refused upload). */
  error?: string;
  idPrefix: string;
  className?: string;
};

/**
 * The profile photo: Upload opens the file picker and the picture goes to the server at once; the server's
 * square is then previewed round, as the directory card will show it. Remove clears it.
 */
export function AvatarPicker({ value, onChange, onUploadingChange, name, error, idPrefix, className }: AvatarPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const pending = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const labelId = `${idPrefix}-avatar-label`;
  const hintId = `${idPrefix}-avatar-hint`;
  const uploading = state.kind === "uploading";
  const preview = state.kind === "uploading" ? state.preview : null;
  const errorText = state.kind === "failed" ? state.message : error;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  // An upload still running when the form closes is of no use any more.
  useEffect(() => () => pending.current?.abort(), []);

  const upload = async (file: File) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setState({ kind: "uploading", preview: URL.createObjectURL(file) });
    onUploadingChange(true);
    try {
      onChange(await uploadAvatar(file, controller.signal));
      setState({ kind: "uploaded" });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ kind: "failed", message: error instanceof AvatarUploadError ? error.message : "The photo could not be uploaded." });
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        onUploadingChange(false);
      }
    }
  };

  const remove = () => {
    pending.current?.abort();
    onChange("");
    setState({ kind: "idle" });
    // The Remove button goes away with the photo: keep the focus in the picker.
    chooseRef.current?.focus();
  };

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={hintId} className={cn("flex items-center gap-4 sm:gap-5", className)}>
      <div className="relative shrink-0">
        {preview ? (
          <img src={preview} alt="" className="size-20 rounded-full border border-line object-cover opacity-60" />
        ) : value || name.trim() ? (
          // The initials stand in until a photo is chosen, as the card shows them.
          <Avatar name={name} src={value || null} alt="Your photo" className="size-20 text-2xl" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-full border-2 border-dashed border-line-strong bg-sunken text-ink-subtle"
          >
            <UserRound className="size-9" />
          </span>
        )}
        {uploading ? (
          <span className="absolute inset-0 flex items-center justify-center text-ink">
            <Spinner label={null} />
          </span>
        ) : null}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-col gap-0.5">
          <p id={labelId} className="text-sm font-medium text-ink">
            Profile photo <span className="font-normal text-ink-muted">(optional)</span>
          </p>
          <p id={hintId} className="text-sm text-ink-muted">
            {IMAGE_ACCEPTED_LABEL}, up to {BUILDER_AVATAR_MAX_BYTES / (1024 * 1024)} MB.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* Stays enabled while uploading (a disabled button would drop the focus): a new choice replaces the upload. */}
          <Button ref={chooseRef} type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
            <Camera aria-hidden="true" />
            {value ? "Change photo" : "Upload photo"}
          </Button>
          {value && !uploading ? (
            <Button type="button" variant="ghost" size="sm" onClick={remove}>
              <Trash2 aria-hidden="true" />
              Remove
              <span className="sr-only"> photo</span>
            </Button>
          ) : null}
        </div>
        <input
          ref={inputRef}
          type="file"
          name="avatar"
          accept={IMAGE_ACCEPTED_TYPES.join(",")}
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so that choosing the same file again (after a refusal) still uploads it.
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <p
          role="status"
          className={cn(
            "text-sm",
            { idle: "sr-only", failed: "sr-only", uploading: "text-ink-muted", uploaded: "font-medium text-emerald-700" }[state.kind],
          )}
        >
          {state.kind === "uploading" ? "Uploading your photo…" : state.kind === "uploaded" ? "Photo uploaded." : ""}
        </p>
        {errorText ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errorText}
          </p>
        ) : null}
      </div>
    </div>
  );
}
