import { useState } from "react";
import { Save, Share2 } from "lucide-react";
import { IMAGE_ANNOTATION_MAX } from "#common/images/images.ts";
import { Button } from "#client/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { formatDateTime } from "#client/lib/format.ts";
import type { WidgetImage } from "./widget-image";

export type ImagePreviewDialogProps = {
  image: WidgetImage;
  onClose: () => void;
  onSave: (annotation: string) => Promise<boolean>;
  onShare: () => Promise<void>;
};

/** The full image with its annotation: Save Annotation and Share. */
export function ImagePreviewDialog({ image, onClose, onSave, onShare }: ImagePreviewDialogProps) {
  const [annotation, setAnnotation] = useState(image.annotation);
  const [saving, setSaving] = useState(false);
  const [sharing, setSharing] = useState(false);
  const tooLong = annotation.length > IMAGE_ANNOTATION_MAX;

  const save = async () => {
    setSaving(true);
    try {
      await onSave(annotation);
    } finally {
      setSaving(false);
    }
  };

  const share = async () => {
    setSharing(true);
    try {
      await onShare();
    } finally {
      setSharing(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle className="truncate">{image.name}</DialogTitle>
          <DialogDescription>
            Added <time dateTime={image.timestamp}>{formatDateTime(image.timestamp)}</time>
            {image.stored === "local" ? " · kept in this browser only" : ""}
          </DialogDescription>
        </DialogHeader>
        <div className="flex max-h-[55dvh] items-center justify-center overflow-hidden rounded-control bg-sunken">
          <img src={image.url} alt={image.annotation || image.name} className="max-h-[55dvh] w-auto max-w-full object-contain" />
        </div>
        <Field
          label="Annotation"
          hint={`${annotation.length.toLocaleString()}/${IMAGE_ANNOTATION_MAX.toLocaleString()} characters`}
          error={tooLong ? `Annotation must be at most ${IMAGE_ANNOTATION_MAX} characters` : null}
        >
          <Textarea
            value={annotation}
            onChange={(event) => setAnnotation(event.target.value)}
            rows={3}
            placeholder="What does this image show? What did you learn?"
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={() => void share()} loading={sharing}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={tooLong || annotation === image.annotation}>
            <Save aria-hidden="true" />
            Save Annotation
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
