import { useEffect, useRef, useState, type DragEvent } from "react";
import { FolderOpen, ImageUp } from "lucide-react";
import { IMAGE_ACCEPTED_LABEL, IMAGE_MAX_BYTES } from "#common/images/images.ts";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";

const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

export type DropZoneProps = {
  onFiles: (files: File[], via: "drag-and-drop" | "choose-files") => void;
  uploading: boolean;
};

/**
 * The drop target is also a button: a click or Enter opens the file picker, so it works without a mouse.
 * Choose Files below it opens the same picker.
 */
export function DropZone({ onFiles, uploading }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them so the highlight does not flicker.
  const depth = useRef(0);

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

  // A file dropped just beside the zone would otherwise make the browser leave the page to open it.
  useEffect(() => {
    const keepPage = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    window.addEventListener("dragover", keepPage);
    window.addEventListener("drop", keepPage);
    return () => {
      window.removeEventListener("dragover", keepPage);
      window.removeEventListener("drop", keepPage);
    };
  }, []);

  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          depth.current += 1;
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={() => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          depth.current = 0;
          setDragging(false);
          onFiles(Array.from(event.dataTransfer.files), "drag-and-drop");
        }}
        aria-describedby="image-drop-zone-hint"
        data-dragging={dragging || undefined}
        className={cn(
          "focus-ring group flex w-full flex-col items-center justify-center gap-3 rounded-panel border-2 border-dashed px-4 py-10 text-center transition-colors sm:py-12",
          dragging ? "border-brand-500 bg-brand-100" : "border-line-strong bg-sunken/60 hover:border-brand-400 hover:bg-brand-50",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "flex size-14 items-center justify-center rounded-full transition-colors",
            dragging ? "bg-brand-400 text-ink" : "bg-surface text-ink-muted shadow-panel group-hover:text-ink",
          )}
        >
          <ImageUp className="size-7" />
        </span>
        <span className="text-base font-semibold text-ink">
          {dragging ? "Drop to add the images" : uploading ? "Uploading…" : "Drop images here"}
        </span>
        <span id="image-drop-zone-hint" className="max-w-sm text-sm text-ink-muted">
          or click to choose files, or paste anywhere on this page. {IMAGE_ACCEPTED_LABEL}, up to {MAX_MB} MB each.
        </span>
      </button>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => inputRef.current?.click()}>
          <FolderOpen aria-hidden="true" />
          Choose Files
        </Button>
        <span className="text-sm text-ink-muted">Images only; other files are skipped.</span>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="image-file-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Choosing the same file again must fire change again.
          event.currentTarget.value = "";
          onFiles(files, "choose-files");
        }}
      />
    </div>
  );
}
