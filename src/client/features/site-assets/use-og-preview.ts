import { useCallback, useEffect, useRef, useState } from "react";
import type { OgConfig } from "#common/site-assets/og.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";

/** The preview follows an edit 150 ms after the last change; a tab switch renders at once and again at 200 ms. */
export const OG_PREVIEW_DEBOUNCE_MS = 150;
const OG_PREVIEW_BACKUP_MS = 200;

const ERROR_TEXTS = {
  fallback: "Could not render the preview. Please try again.",
  network: "Network error. The preview could not be rendered.",
};

/**
 * The server-rendered SVG of the design, as an object URL for an <img>. Only the newest request's answer
 * is shown; an invalid design (null) keeps the last picture and renders nothing.
 */
export function useOgPreview(config: OgConfig | null) {
  const trpc = useTRPC();
  const preview = useMutation(trpc.siteAssetsOg.preview.mutationOptions());
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const latest = useRef(0);
  const configRef = useRef(config);
  useEffect(() => {
    configRef.current = config;
  }, [config]);
  const { mutateAsync } = preview;

  const render = useCallback(async () => {
    const design = configRef.current;
    if (!design) return;
    const request = ++latest.current;
    setPending(true);
    try {
      const { svg } = await mutateAsync(design);
      if (request !== latest.current) return;
      const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
      setSrc((previous) => {
        if (previous) URL.revokeObjectURL(previous);
        return url;
      });
      setError(null);
    } catch (cause) {
      if (request === latest.current) setError(errorMessage(cause, ERROR_TEXTS));
    } finally {
      if (request === latest.current) setPending(false);
    }
  }, [mutateAsync]);

  useEffect(() => {
    if (!config) return;
    const timer = setTimeout(() => void render(), OG_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [config, render]);

  useEffect(() => () => setSrc((previous) => (previous ? (URL.revokeObjectURL(previous), null) : null)), []);

  const backup = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A tab switch: the picture now, and once more shortly after, as a backup render. */
  const renderForTab = useCallback(() => {
    void render();
    clearTimeout(backup.current);
    backup.current = setTimeout(() => void render(), OG_PREVIEW_BACKUP_MS);
  }, [render]);
  useEffect(() => () => clearTimeout(backup.current), []);

  return { shown: { src, pending, error }, regenerate: render, renderForTab };
}
