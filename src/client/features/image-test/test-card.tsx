import { useState } from "react";
import { CheckCircle2, ClipboardPaste, FolderOpen, Hand, PenLine, Share2, type LucideIcon } from "lucide-react";
import type { ImageTestName } from "#common/image-test/image-test.ts";
import { formatDateTime } from "#client/lib/format.ts";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";

const TESTS: Record<ImageTestName, { title: string; how: string; icon: LucideIcon }> = {
  "drag-and-drop": { title: "Drag and Drop", how: "Drag one or more images from your desktop onto the drop zone.", icon: Hand },
  paste: { title: "Paste", how: "Copy an image or a screenshot and press Ctrl+V (⌘V) anywhere on this page.", icon: ClipboardPaste },
  "choose-files": {
    title: "Choose Files",
    how: "Click Choose Files (or the drop zone) and pick several images at once.",
    icon: FolderOpen,
  },
  annotate: { title: "Annotate", how: "Open an image, write what it shows and click Save Annotation.", icon: PenLine },
  share: { title: "Share", how: "Share an image, then open its /lab/image link in a private window.", icon: Share2 },
};

/** One feature test: how to try it, and Mark Complete (also marked by itself when the widget sees it work). */
export function TestCard({
  test,
  completedAt,
  onComplete,
}: {
  test: ImageTestName;
  completedAt: string | null;
  onComplete: () => Promise<void>;
}) {
  const { title, how, icon: Icon } = TESTS[test];
  const [saving, setSaving] = useState(false);
  const titleId = `image-test-${test}`;

  const markComplete = async () => {
    setSaving(true);
    try {
      await onComplete();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className={cn("flex w-full flex-col gap-3 p-4 sm:p-5", completedAt && "border-emerald-200 bg-emerald-50/50")}>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={cn(
            "flex size-10 shrink-0 items-center justify-center rounded-full",
            completedAt ? "bg-emerald-600 text-white" : "bg-brand-100 text-brand-900",
          )}
        >
          {completedAt ? <CheckCircle2 className="size-5" /> : <Icon className="size-5" />}
        </span>
        <h3 id={titleId} className="text-base font-semibold">
          {title}
        </h3>
      </div>
      <p className="flex-1 text-sm leading-relaxed text-ink-muted">{how}</p>
      {completedAt ? (
        <p className="text-sm font-semibold text-emerald-800">
          Complete · <time dateTime={completedAt}>{formatDateTime(completedAt)}</time>
        </p>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void markComplete()}
          loading={saving}
          aria-describedby={titleId}
        >
          Mark Complete
        </Button>
      )}
    </Card>
  );
}
