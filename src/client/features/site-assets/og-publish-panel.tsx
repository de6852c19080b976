import { useRef, useState } from "react";
import { Download, Upload, UploadCloud } from "lucide-react";
import { OG_UPLOAD_TYPES, type ActiveOgImage, type OgUpdateResponse } from "#common/site-assets/og.ts";
import { formatDateTime } from "#client/lib/format.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import type { OgStatus } from "./og-status";

type OgPublishPanelProps = {
  active: ActiveOgImage | null;
  status: OgStatus | null;
  canRender: boolean;
  updating: boolean;
  downloading: boolean;
  onUpdate: () => void;
  onDownload: () => void;
  onUploaded: (answer: OgUpdateResponse) => void;
  onUploadFailed: (error: string) => void;
  adminEmail: string;
};

/** POST /api/site-assets/update-og with a ready image: a multipart form, the session as the credential. */
async function uploadOgImage(file: File, adminEmail: string): Promise<OgUpdateResponse> {
  const form = new FormData();
  form.append("image", file);
  form.append("adminEmail", adminEmail);
  const response = await fetch("/api/site-assets/update-og", { method: "POST", body: form, credentials: "same-origin" });
  const body = (await response.json().catch(() => null)) as Partial<OgUpdateResponse> & { error?: string };
  if (!response.ok || !body?.imageUrl) throw new Error(body?.error ?? `The server answered ${response.status}`);
  return body as OgUpdateResponse;
}

/** The site's current og:image, its two buttons, a ready image's upload, and the last action's message. */
export function OgPublishPanel(props: OgPublishPanelProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      props.onUploaded(await uploadOgImage(file, props.adminEmail));
    } catch (cause) {
      props.onUploadFailed(cause instanceof TypeError ? "Network error. Please try again." : (cause as Error).message);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };
  const { active, status } = props;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h3" className="text-base">
          The site&apos;s OG image
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {active ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <img
              src={active.url}
              alt="The site's current OG image"
              className="aspect-[1200/630] w-full rounded-control border border-line object-cover sm:w-48"
            />
            <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-muted">URL</dt>
              <dd className="truncate font-mono text-xs leading-5">
                <a href={active.url} target="_blank" rel="noreferrer" className="underline decoration-brand-500 underline-offset-2">
                  {active.url}
                </a>
              </dd>
              <dt className="text-ink-muted">Size</dt>
              <dd>
                {active.width}×{active.height}
              </dd>
              <dt className="text-ink-muted">Updated</dt>
              <dd>{formatDateTime(active.updatedAt)}</dd>
            </dl>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">No OG image yet: pages are shared without a picture until you update it.</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={props.onUpdate} disabled={!props.canRender || props.updating} aria-busy={props.updating || undefined}>
            <UploadCloud aria-hidden /> {props.updating ? "Updating..." : "Update Our OG Image"}
          </Button>
          <Button variant="outline" onClick={props.onDownload} disabled={!props.canRender} loading={props.downloading}>
            <Download aria-hidden /> Download OG Image
          </Button>
          <Button variant="ghost" onClick={() => fileInput.current?.click()} loading={uploading}>
            <Upload aria-hidden /> Upload a ready image
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={OG_UPLOAD_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label="Upload a ready OG image (PNG or JPEG)"
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </div>
        {status ? <Alert variant={status.kind}>{status.text}</Alert> : null}
      </CardContent>
    </Card>
  );
}
