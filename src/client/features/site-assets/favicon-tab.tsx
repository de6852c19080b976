import { useState } from "react";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, RefreshCw, Upload } from "lucide-react";
import * as z from "zod/mini";
import {
  DEFAULT_FAVICON_CONFIG,
  faviconConfigInput,
  type FaviconConfig,
  type FaviconGenerateResult,
  type FaviconType,
} from "#common/site-assets/favicon.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { useDebouncedValue } from "#client/lib/use-debounced-value.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { ColorField } from "./favicon-color-field";
import { FaviconDebug } from "./favicon-debug";
import { FaviconProgress } from "./favicon-progress";
import { refreshTabIcon } from "./favicon-tab-icon";

const ERROR_TEXTS = { fallback: "The favicon could not be made. Please try again.", network: "Network error. Please try again." };
const TYPE_LABELS: Record<FaviconType, string> = { emoji: "Emoji", text: "Text" };
/** The page reloads about 3 s after a successful update, so every icon link picks up the new set. */
const RELOAD_AFTER_MS = 3000;

/** The Favicon tab: design (emoji or text, two colours), the server's own preview, and the 18-file update. */
export function FaviconTab() {
  const trpc = useTRPC();
  const active = useQuery(trpc.siteAssets.favicon.queryOptions());
  const [config, setConfig] = useState<FaviconConfig | null>(null);
  const current = config ?? active.data?.config ?? DEFAULT_FAVICON_CONFIG;
  const parsed = z.safeParse(faviconConfigInput, current);
  const issues = parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message]));
  const settled = useDebouncedValue(parsed.success ? parsed.data : null, 150);
  const preview = useQuery(
    trpc.siteAssets.faviconPreview.queryOptions(settled ?? skipToken, { placeholderData: (previous) => previous, retry: false }),
  );
  const update = useMutation(trpc.siteAssets.generateFavicon.mutationOptions());
  const queryClient = useQueryClient();
  const [result, setResult] = useState<FaviconGenerateResult | null>(null);
  const [updateError, setUpdateError] = useState<string | null>(null);

  const set = (patch: Partial<FaviconConfig>) => setConfig({ ...current, ...patch });

  const runUpdate = async () => {
    setResult(null);
    setUpdateError(null);
    if (!parsed.success || !preview.data || preview.isError) {
      setUpdateError("No favicon generated yet.");
      return;
    }
    try {
      const generated = await update.mutateAsync(parsed.data);
      setResult(generated);
      queryClient.setQueryData(trpc.siteAssets.favicon.queryKey(), generated);
      await refreshTabIcon(generated.version);
      setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    } catch (cause) {
      setUpdateError(errorMessage(cause, ERROR_TEXTS));
    }
  };

  const previewError = preview.isError ? errorMessage(preview.error, ERROR_TEXTS) : null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Favicon design</CardTitle>
          <CardDescription>One emoji or up to two characters on a colour. The server draws every size from this design.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div role="radiogroup" aria-label="Favicon type" className="inline-flex w-fit rounded-control border border-control p-1">
            {(Object.keys(TYPE_LABELS) as FaviconType[]).map((type) => (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={current.type === type}
                onClick={() => set({ type })}
                className={cn(
                  "rounded-control px-4 py-1.5 text-sm font-medium",
                  current.type === type ? "bg-brand-400 text-ink" : "text-ink-muted hover:bg-sunken",
                )}
              >
                {TYPE_LABELS[type]}
              </button>
            ))}
          </div>
          {current.type === "emoji" ? (
            <Field label="Emoji" error={issues.emoji ?? issues.form} hint="Emoji graphics by Twemoji (CC-BY 4.0).">
              <Input
                name="emoji"
                value={current.emoji}
                onChange={(event) => set({ emoji: event.target.value })}
                className="w-24 text-center text-2xl"
              />
            </Field>
          ) : (
            <Field label="Text" error={issues.text ?? issues.form} hint="At most 2 characters, drawn in Inter Bold.">
              <Input
                name="text"
                value={current.text}
                onChange={(event) => set({ text: event.target.value })}
                className="w-24 text-center text-2xl font-bold"
              />
            </Field>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <ColorField
              label="Background colour"
              name="backgroundColor"
              value={current.backgroundColor}
              onChange={(backgroundColor) => set({ backgroundColor })}
              error={issues.backgroundColor}
            />
            <ColorField
              label="Text colour"
              name="textColor"
              value={current.textColor}
              onChange={(textColor) => set({ textColor })}
              error={issues.textColor}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Preview</CardTitle>
          <CardDescription>32x32, as a browser tab shows it, drawn by the server.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end gap-6" aria-busy={preview.isFetching}>
            {preview.data ? (
              <>
                <figure className="flex flex-col items-center gap-2">
                  <img src={preview.data.png32} width={32} height={32} alt="Favicon preview at 32x32" />
                  <figcaption className="text-xs text-ink-muted">32x32</figcaption>
                </figure>
                <figure className="flex flex-col items-center gap-2">
                  <img
                    src={preview.data.png32}
                    width={128}
                    height={128}
                    alt=""
                    className="[image-rendering:pixelated] rounded-sm border border-control"
                  />
                  <figcaption className="text-xs text-ink-muted">32x32 enlarged</figcaption>
                </figure>
                <figure className="flex flex-col items-center gap-2">
                  <img src={preview.data.png180} width={90} height={90} alt="Apple touch icon preview" className="rounded-[20px]" />
                  <figcaption className="text-xs text-ink-muted">Home screen</figcaption>
                </figure>
              </>
            ) : (
              <Spinner label="Drawing the preview" />
            )}
          </div>
          {previewError ? <Alert variant="error">{previewError}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void preview.refetch()} disabled={!parsed.success || preview.isFetching}>
              <RefreshCw aria-hidden /> Regenerate
            </Button>
            <Button
              variant="outline"
              onClick={() => preview.data && downloadFile(preview.data.ico, "favicon.ico")}
              disabled={!preview.data}
            >
              <Download aria-hidden /> Download Favicon
            </Button>
            <Button onClick={() => void runUpdate()} disabled={update.isPending}>
              <Upload aria-hidden /> {update.isPending ? "Updating..." : "Update Our Favicon"}
            </Button>
          </div>
          {update.isPending || result ? <FaviconProgress result={result} /> : null}
          {updateError ? <Alert variant="error">{updateError}</Alert> : null}
          <ActiveSet files={active.data?.files ?? null} updatedAt={active.data?.updatedAt ?? null} />
        </CardContent>
      </Card>

      <FaviconDebug className="lg:col-span-2" />
    </div>
  );
}

function downloadFile(href: string, name: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  link.click();
}

function ActiveSet({ files, updatedAt }: { files: string[] | null; updatedAt: string | null }) {
  if (files === null) return null;
  if (files.length === 0) return <p className="text-sm text-ink-muted">No favicon generated yet.</p>;
  return (
    <p className="text-sm text-ink-muted">
      Active set: {files.length} files{updatedAt ? `, updated ${new Date(updatedAt).toLocaleString()}` : ""}.
    </p>
  );
}
