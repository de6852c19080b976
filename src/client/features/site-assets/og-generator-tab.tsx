import { useMemo, useState } from "react";
import * as z from "zod/mini";
import { ogConfigInput, type OgConfig } from "#common/site-assets/og.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { OgDesignForm } from "./og-design-form";
import { OgPreview, ogHostName, type OgPreviewTab } from "./og-preview";
import { OgPublishPanel } from "./og-publish-panel";
import { useOgStatus } from "./og-status";
import { OgTips } from "./og-tips";
import { useOgPreview } from "./use-og-preview";

const LOAD_TEXTS = { fallback: "Please try again.", network: "Network error. Please try again." };
const ACTION_TEXTS = { fallback: "Something went wrong. Please try again.", network: "Network error. Please try again." };

/** The OG Generator tab: the saved design is loaded from the server, edited here, and published there. */
export function OgGeneratorTab() {
  const trpc = useTRPC();
  const state = useQuery(trpc.siteAssetsOg.state.queryOptions());
  if (state.isPending) return <PageSpinner label="Loading the OG image generator" />;
  if (state.isError) {
    return (
      <LoadFailedAlert title="Failed to load the OG image generator" onRetry={() => void state.refetch()} retrying={state.isFetching}>
        {errorMessage(state.error, LOAD_TEXTS)}
      </LoadFailedAlert>
    );
  }
  return <OgGenerator saved={state.data.config} />;
}

/** Starts a browser download of the PNG the server rendered. */
function downloadPng(base64: string) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: "og-image.png" });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function OgGenerator({ saved }: { saved: OgConfig }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const active = useQuery(trpc.siteAssetsOg.state.queryOptions()).data?.active ?? null;
  const [config, setConfig] = useState(saved);
  const [tab, setTab] = useState<OgPreviewTab>("image");
  const { status, succeed, fail } = useOgStatus();

  // The server's schema, here too: an invalid design is not sent, and its first problem is shown.
  const parsed = useMemo(() => z.safeParse(ogConfigInput, config), [config]);
  const valid = parsed.success ? parsed.data : null;
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? "The design is not valid");
  const { shown, regenerate, renderForTab } = useOgPreview(valid);

  const update = useMutation(trpc.siteAssetsOg.update.mutationOptions());
  const renderPng = useMutation(trpc.siteAssetsOg.renderPng.mutationOptions());

  const published = (url: string, width: number, height: number) => {
    succeed(`OG image updated! Shared links now show ${url} (${width}×${height}).`);
    void queryClient.invalidateQueries(trpc.siteAssetsOg.state.pathFilter());
  };
  const publish = async () => {
    if (!valid) return;
    try {
      const image = await update.mutateAsync(valid);
      published(image.url, image.width, image.height);
    } catch (cause) {
      fail(`Update failed: ${errorMessage(cause, ACTION_TEXTS)}`);
    }
  };
  const download = async () => {
    if (!valid) return;
    try {
      downloadPng((await renderPng.mutateAsync(valid)).pngBase64);
    } catch (cause) {
      fail(`Download failed: ${errorMessage(cause, ACTION_TEXTS)}`);
    }
  };

  return (
    // Phones: the preview and the publish buttons first, then the controls, then the tips. Desktop: the controls
    // on the left, the rest beside them.
    <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-6">
      <div className="flex flex-col gap-4 lg:col-start-2 lg:row-start-1">
        <OgPreview
          config={config}
          shown={{ ...shown, error: problem ?? shown.error }}
          tab={tab}
          onTab={(next) => {
            setTab(next);
            renderForTab();
          }}
          onRegenerate={() => void regenerate()}
          onDownload={() => void download()}
          downloading={renderPng.isPending}
        />
        <OgPublishPanel
          active={active}
          status={status}
          canRender={valid !== null}
          updating={update.isPending}
          downloading={renderPng.isPending}
          onUpdate={() => void publish()}
          onDownload={() => void download()}
          onUploaded={(answer) => {
            succeed(`${answer.message}: shared links now show ${answer.imageUrl}.`);
            void queryClient.invalidateQueries(trpc.siteAssetsOg.state.pathFilter());
          }}
          onUploadFailed={(error) => fail(`Update failed: ${error}`)}
          adminEmail={user?.email ?? ""}
        />
      </div>
      <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
        <OgDesignForm config={config} onConfig={setConfig} error={problem} />
      </div>
      <div className="lg:col-start-2 lg:row-start-2">
        <OgTips siteUrl={config.domain ? `https://${ogHostName(config.domain)}` : window.location.origin} />
      </div>
    </div>
  );
}
