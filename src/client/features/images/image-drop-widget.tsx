import { useEffect, useState } from "react";
import { IMAGE_DEFAULT_EXPERIMENT } from "#common/images/images.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { countText } from "#client/lib/format.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { ContentIdeasBox } from "./content-ideas-box";
import { DropZone } from "./drop-zone";
import { ImageGrid } from "./image-grid";
import { ImagePreviewDialog } from "./image-preview-dialog";
import { PasteHelp } from "./paste-help";
import { UploadList } from "./upload-list";
import { useImageLibrary } from "./use-image-library";
import { usePasteImages } from "./use-paste-images";
import type { ImageWidgetAction, WidgetImage } from "./widget-image";

export type ImageDropWidgetProps = {
  /** The experiment the images belong to; `general` by default. */
  experimentId?: string;
  /** Hears each thing a person did that worked (the image test page marks its tests with it). */
  onAction?: (action: ImageWidgetAction) => void;
  /** Reports the images shown, whenever they change. */
  onImagesChange?: (images: readonly WidgetImage[]) => void;
};

/**
 * The image drop widget: drop, paste or choose images; signed in they are uploaded (with each file's
 * progress), otherwise, or when an upload fails, kept in this browser. Thumbnails, a preview with the
 * annotation, sharing, and content ideas built from the annotations.
 */
export function ImageDropWidget({ experimentId = IMAGE_DEFAULT_EXPERIMENT, onAction, onImagesChange }: ImageDropWidgetProps) {
  const library = useImageLibrary(experimentId, onAction);
  useEffect(() => onImagesChange?.(library.images), [library.images, onImagesChange]);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = library.images.find((image) => image.id === openId) ?? null;

  usePasteImages((files) => void library.addFiles(files, "paste"));

  return (
    <div className="@container flex flex-col gap-5">
      <DropZone onFiles={(files, via) => void library.addFiles(files, via)} uploading={library.uploads.some((upload) => !upload.error)} />
      <PasteHelp />
      <UploadList uploads={library.uploads} onDismiss={library.dismissUpload} />

      {library.loadError ? (
        <LoadFailedAlert title="Failed to load your images" onRetry={library.retryLoad} retrying={library.loading}>
          {errorMessage(library.loadError, { fallback: "Please try again.", network: "Network error. Please try again." })}
        </LoadFailedAlert>
      ) : null}

      {library.loading ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading your images" />
        </div>
      ) : library.images.length > 0 ? (
        <>
          <section aria-labelledby="image-grid-title" className="flex flex-col gap-3">
            <h3 id="image-grid-title" className="text-sm font-semibold text-ink-muted">
              {countText(library.images.length, "image")}
            </h3>
            <ImageGrid
              images={library.images}
              onOpen={(image) => setOpenId(image.id)}
              onShare={(image) => void library.share(image)}
              onRemove={library.remove}
              onUploadLocalCopy={library.canUpload ? (image) => void library.uploadLocalCopy(image) : null}
            />
          </section>
          <ContentIdeasBox images={library.images} />
        </>
      ) : null}

      {open ? (
        <ImagePreviewDialog
          key={open.id}
          image={open}
          onClose={() => setOpenId(null)}
          onSave={(annotation) => library.annotate(open, annotation)}
          onShare={() => library.share(open)}
        />
      ) : null}
    </div>
  );
}
