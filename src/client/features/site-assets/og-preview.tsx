import { Download, RefreshCw } from "lucide-react";
import { OG_CANVAS, OG_DESCRIPTION_LIMITS, truncateText, type OgConfig } from "#common/site-assets/og.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/ui/tabs.tsx";

export const OG_PREVIEW_TABS = ["image", "twitter", "facebook", "linkedin"] as const;
export type OgPreviewTab = (typeof OG_PREVIEW_TABS)[number];
const TAB_LABELS: Record<OgPreviewTab, string> = { image: "Image", twitter: "Twitter", facebook: "Facebook", linkedin: "LinkedIn" };

/** The host name the cards show: the Domain field's, else this site's. */
export function ogHostName(domain: string): string {
  const bare = domain
    .trim()
    .replace(/^[a-z]+:\/\//i, "")
    .split(/[/?#]/)[0];
  return bare || window.location.host;
}

type Shown = { src: string | null; pending: boolean; error: string | null };

/** The rendered image at the canvas's proportions, with a spinner while a newer one is on its way. */
function Picture({ shown, className }: { shown: Shown; className?: string }) {
  return (
    <div className={`relative aspect-[1200/630] w-full overflow-hidden bg-sunken ${className ?? ""}`}>
      {shown.src ? <img src={shown.src} alt="Preview of the OG image" className="size-full object-cover" /> : null}
      {shown.pending ? (
        <div className="absolute top-2 right-2 rounded-full bg-surface/90 p-1.5 shadow-panel">
          <Spinner size="sm" label="Rendering the preview" />
        </div>
      ) : null}
    </div>
  );
}

function TwitterCard({ shown, config, host }: { shown: Shown; config: OgConfig; host: string }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl border border-line">
        <div className="relative">
          <Picture shown={shown} />
          <span className="absolute bottom-2 left-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{host}</span>
        </div>
        <div className="flex flex-col gap-0.5 px-3 py-2.5 text-sm [overflow-wrap:anywhere]">
          <span className="text-ink-muted">{host}</span>
          <span className="font-semibold text-ink">{config.title}</span>
          {config.subtitle ? (
            <span className="text-ink-muted">{truncateText(config.subtitle, OG_DESCRIPTION_LIMITS.twitterCard)}</span>
          ) : null}
        </div>
      </div>
      {config.subtitle ? (
        <p className="text-xs text-ink-muted [overflow-wrap:anywhere]">
          <span className="font-semibold">Detail view:</span> {truncateText(config.subtitle, OG_DESCRIPTION_LIMITS.twitterDetail)}
        </p>
      ) : null}
    </div>
  );
}

function FacebookCard({ shown, config, host }: { shown: Shown; config: OgConfig; host: string }) {
  return (
    <div className="overflow-hidden border border-line">
      <Picture shown={shown} />
      <div className="flex flex-col gap-0.5 bg-[#f0f2f5] px-3 py-2.5 [overflow-wrap:anywhere]">
        <span className="text-xs text-[#65676b] uppercase">{host}</span>
        <span className="font-semibold text-[#050505]">{config.title}</span>
        {config.subtitle ? (
          <span className="text-sm text-[#65676b]">{truncateText(config.subtitle, OG_DESCRIPTION_LIMITS.facebook)}</span>
        ) : null}
      </div>
    </div>
  );
}

function LinkedInCard({ shown, config, host }: { shown: Shown; config: OgConfig; host: string }) {
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-surface">
      <Picture shown={shown} />
      <div className="flex flex-col gap-0.5 px-3 py-2.5 [overflow-wrap:anywhere]">
        <span className="font-semibold text-ink">{config.title}</span>
        {config.subtitle ? (
          <span className="text-sm text-ink-muted">{truncateText(config.subtitle, OG_DESCRIPTION_LIMITS.linkedin)}</span>
        ) : null}
        <span className="text-xs text-ink-subtle">{host}</span>
      </div>
    </div>
  );
}

type OgPreviewProps = {
  config: OgConfig;
  shown: Shown;
  tab: OgPreviewTab;
  onTab: (tab: OgPreviewTab) => void;
  onRegenerate: () => void;
  onDownload: () => void;
  downloading: boolean;
};

/** The preview tabs: the image itself and the cards Twitter, Facebook and LinkedIn draw from it. */
export function OgPreview({ config, shown, tab, onTab, onRegenerate, onDownload, downloading }: OgPreviewProps) {
  const host = ogHostName(config.domain);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-3">
        <CardTitle as="h3" className="text-base">
          Preview{" "}
          <span className="font-normal text-ink-muted">
            · {OG_CANVAS.width}×{OG_CANVAS.height}
          </span>
        </CardTitle>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onRegenerate}>
            <RefreshCw aria-hidden /> Regenerate Image
          </Button>
          <Button variant="outline" size="sm" onClick={onDownload} loading={downloading}>
            <Download aria-hidden /> Download
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Tabs value={tab} onValueChange={(value) => onTab(value as OgPreviewTab)}>
          <TabsList aria-label="Preview as">
            {OG_PREVIEW_TABS.map((name) => (
              <TabsTrigger key={name} value={name}>
                {TAB_LABELS[name]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="image">
            <Picture shown={shown} className="rounded-control border border-line" />
          </TabsContent>
          <TabsContent value="twitter">
            <TwitterCard shown={shown} config={config} host={host} />
          </TabsContent>
          <TabsContent value="facebook">
            <FacebookCard shown={shown} config={config} host={host} />
          </TabsContent>
          <TabsContent value="linkedin">
            <LinkedInCard shown={shown} config={config} host={host} />
          </TabsContent>
        </Tabs>
        {shown.error ? <Alert variant="error">{shown.error}</Alert> : null}
      </CardContent>
    </Card>
  );
}
