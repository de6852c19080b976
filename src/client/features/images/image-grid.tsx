import { CloudUpload, HardDrive, Share2, Trash2 } from "lucide-react";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import type { WidgetImage } from "./widget-image";

export type ImageGridProps = {
  images: readonly WidgetImage[];
  onOpen: (image: WidgetImage) => void;
  onShare: (image: WidgetImage) => void;
  onRemove: (image: WidgetImage) => Promise<void>;
  /** Offered for copies kept in this browser while signed in; null when there is no server to send them to. */
  onUploadLocalCopy: ((image: WidgetImage) => void) | null;
};

/** Thumbnails in two to four columns with name and annotation; each opens the preview, shares or is removed. */
export function ImageGrid({ images, onOpen, onShare, onRemove, onUploadLocalCopy }: ImageGridProps) {
  return (
    // Columns follow the widget's own width (a container query), not the window's: it sits in narrow and wide places.
    <ul aria-label="Images" className="grid grid-cols-2 gap-3 @lg:grid-cols-3 @lg:gap-4 @3xl:grid-cols-4">
      {images.map((image) => (
        <li key={image.id} className="flex min-w-0 flex-col overflow-hidden rounded-panel border border-line bg-surface shadow-panel">
          <button
            type="button"
            onClick={() => onOpen(image)}
            aria-label={`Open ${image.name}`}
            className="focus-ring relative block aspect-[4/3] w-full overflow-hidden bg-sunken"
          >
            <img
              src={image.thumbnailUrl}
              alt=""
              loading="lazy"
              className="size-full object-cover transition-transform duration-300 hover:scale-[1.03]"
            />
            {image.stored === "local" ? (
              <Badge variant="warning" className="absolute top-2 left-2 shadow-panel">
                <HardDrive aria-hidden="true" />
                This browser only
              </Badge>
            ) : image.shareUrl ? (
              <Badge variant="success" className="absolute top-2 left-2 shadow-panel">
                <Share2 aria-hidden="true" />
                Shared
              </Badge>
            ) : null}
          </button>
          <div className="flex flex-1 flex-col gap-1 p-3">
            <p className="truncate text-sm font-semibold" title={image.name}>
              {image.name}
            </p>
            {image.annotation ? (
              <p className="line-clamp-2 text-sm text-ink-muted">{image.annotation}</p>
            ) : (
              <p className="text-sm text-ink-subtle italic">No annotation yet</p>
            )}
          </div>
          <div className="flex items-center justify-end gap-1 border-t border-line px-2 py-1.5">
            {image.stored === "local" && onUploadLocalCopy ? (
              <Button
                variant="ghost"
                size="sm"
                className="w-8 px-0"
                onClick={() => onUploadLocalCopy(image)}
                aria-label={`Upload ${image.name} again`}
                title="Upload again"
              >
                <CloudUpload aria-hidden="true" />
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              className="w-8 px-0"
              onClick={() => onShare(image)}
              aria-label={`Share ${image.name}`}
              title="Share"
            >
              <Share2 aria-hidden="true" />
            </Button>
            <ConfirmDialog
              title={`Remove “${image.name}”?`}
              description={
                image.stored === "r2"
                  ? "The image and its annotation are deleted from the server, and its shared page stops working."
                  : "The copy kept in this browser is deleted."
              }
              confirmLabel="Remove"
              destructive
              onConfirm={() => onRemove(image)}
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${image.name}`}
                  title="Remove"
                  className="w-8 px-0 text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              }
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
