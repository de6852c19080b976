import { useCallback, useMemo, useState } from "react";
import { imageShareUrl, type SavedImage } from "#common/images/images.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { track } from "#client/lib/analytics.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { toast } from "#client/ui/toast.tsx";
import {
  dataUrlToFile,
  readFileAsDataUrl,
  readLocalImages,
  removeLocalImage,
  saveLocalImage,
  type LocalImage,
  type LocalWriteResult,
} from "./local-image-store";
import { copySharedImage, downloadSharedImage, sharedImagePayload, CLIPBOARD_SUCCESS_TEXT } from "./share-image";
import { saveAnnotation, uploadImage } from "./upload-image";
import { fromSavedImage, type ImageWidgetAction, type WidgetImage } from "./widget-image";

/** A file on its way to the server: its bar, or the reason it failed. */
export type PendingUpload = { key: string; name: string; loaded: number; total: number; error: string | null };

const ERROR_TEXTS = { fallback: "Please try again.", network: "Network error. Please try again." };
const STORAGE_FULL_TEXT = "This browser's storage is full, so the image could not be kept here either. Remove some images and try again.";

const fromLocal = (entry: LocalImage): WidgetImage => ({
  id: entry.id,
  name: entry.name,
  url: entry.url,
  thumbnailUrl: entry.url,
  annotation: entry.annotation,
  timestamp: entry.timestamp,
  stored: "local",
  shareUrl: null,
});

const newId = () =>
  typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function reportLocalWrite(result: LocalWriteResult): boolean {
  if (result === "saved") return true;
  toast({
    variant: "error",
    title: "Not saved in this browser",
    description: result === "full" ? STORAGE_FULL_TEXT : "This browser does not allow saving here.",
  });
  return false;
}

/**
 * The widget's images for one experiment: the server's (signed in) merged with the copies kept in this
 * browser, and every action on them. `onAction` hears each thing a person did that worked.
 */
export function useImageLibrary(experimentId: string, onAction?: (action: ImageWidgetAction) => void) {
  const trpc = useTRPC();
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.images.list.queryOptions({ experimentId }, { enabled: isAuthenticated }));
  const deleteMutation = useMutation(trpc.images.delete.mutationOptions());
  const shareMutation = useMutation(trpc.images.share.mutationOptions());
  const [local, setLocal] = useState<LocalImage[]>(() => readLocalImages(experimentId));
  const [uploads, setUploads] = useState<PendingUpload[]>([]);

  const refreshLocal = useCallback(() => setLocal(readLocalImages(experimentId)), [experimentId]);

  const images = useMemo(() => {
    // A local entry marked r2 holds an annotation the server could not save: it wins until saved.
    const overrides = new Map(local.filter((entry) => entry.stored === "r2").map((entry) => [entry.id, entry]));
    const server = (list.data?.images ?? []).map((image) => {
      const widgetImage = fromSavedImage(image);
      const override = overrides.get(image.id);
      return override ? { ...widgetImage, annotation: override.annotation } : widgetImage;
    });
    const localOnly = local.filter((entry) => entry.stored !== "r2").map(fromLocal);
    return [...server, ...localOnly].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  }, [list.data, local]);

  const updateServerImage = (id: string, change: Partial<SavedImage>) => {
    queryClient.setQueryData(trpc.images.list.queryKey({ experimentId }), (data) =>
      data ? { ...data, images: data.images.map((image) => (image.id === id ? { ...image, ...change } : image)) } : data,
    );
  };

  const keepLocally = async (file: File): Promise<boolean> => {
    const entry: LocalImage = {
      id: newId(),
      name: file.name || "Pasted image",
      url: await readFileAsDataUrl(file),
      annotation: "",
      timestamp: new Date().toISOString(),
    };
    const kept = reportLocalWrite(saveLocalImage(experimentId, entry));
    refreshLocal();
    return kept;
  };

  const startUpload = (name: string, size: number): string => {
    const key = newId();
    setUploads((current) => [...current, { key, name, loaded: 0, total: size, error: null }]);
    return key;
  };

  /** Uploads one file under its progress row; the "Upload failed: ..." message when it fails, else null. */
  const uploadOne = async (file: File, key: string, annotation = ""): Promise<string | null> => {
    const setUpload = (change: Partial<PendingUpload>) =>
      setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
    try {
      const image = await uploadImage(file, { experimentId, annotation }, ({ loaded, total }) => setUpload({ loaded, total }));
      queryClient.setQueryData(trpc.images.list.queryKey({ experimentId }), (data) => ({
        images: [image, ...(data?.images ?? []).filter((other) => other.id !== image.id)],
      }));
      setUploads((current) => current.filter((upload) => upload.key !== key));
      track("image_upload", { experimentId, component: "image-drop-widget", label: image.type, value: image.size });
      return null;
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : "Upload failed";
      console.error(message);
      setUpload({ error: message });
      return message;
    }
  };

  const uploadOrKeep = async (file: File): Promise<boolean> => {
    const failure = await uploadOne(file, startUpload(file.name || "Pasted image", file.size));
    if (failure === null) return true;
    // The user is alerted, and the image stays in this browser.
    toast({ variant: "error", title: failure, description: "A copy is kept in this browser." });
    return keepLocally(file);
  };

  /** Takes the images among `files` (other files are dropped silently) and stores each one. */
  const addFiles = async (files: readonly File[], via: ImageWidgetAction) => {
    const accepted = files.filter((file) => file.type.startsWith("image/"));
    if (accepted.length === 0) return;
    const results = await Promise.all(accepted.map((file) => (isAuthenticated ? uploadOrKeep(file) : keepLocally(file))));
    if (results.some(Boolean)) onAction?.(via);
  };

  /** Sends a copy kept in this browser to the server; once stored there, the browser's copy goes. */
  const uploadLocalCopy = async (image: WidgetImage) => {
    const file = dataUrlToFile(image.url, image.name);
    const failure = await uploadOne(file, startUpload(image.name, file.size), image.annotation);
    if (failure !== null) {
      toast({ variant: "error", title: failure });
      return;
    }
    removeLocalImage(experimentId, image.id);
    refreshLocal();
  };

  const dismissUpload = (key: string) => setUploads((current) => current.filter((upload) => upload.key !== key));

  const annotate = async (image: WidgetImage, annotation: string): Promise<boolean> => {
    if (image.stored === "local") {
      const kept = reportLocalWrite(
        saveLocalImage(experimentId, { id: image.id, name: image.name, url: image.url, annotation, timestamp: image.timestamp }),
      );
      refreshLocal();
      if (kept) {
        track("annotation_saved", { experimentId, component: "image-drop-widget", properties: { saveMethod: "localStorage" } });
        onAction?.("annotate");
      }
      return kept;
    }
    try {
      await saveAnnotation({ imageId: image.id, annotation, experimentId });
      updateServerImage(image.id, { annotation });
      removeLocalImage(experimentId, image.id);
      refreshLocal();
      track("annotation_saved", { experimentId, component: "image-drop-widget", properties: { saveMethod: "r2" } });
      onAction?.("annotate");
      return true;
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : "Annotation save failed";
      console.error(message);
      const kept = reportLocalWrite(
        saveLocalImage(experimentId, {
          id: image.id,
          name: image.name,
          url: image.url,
          annotation,
          timestamp: image.timestamp,
          stored: "r2",
        }),
      );
      refreshLocal();
      track("annotation_saved", { experimentId, component: "image-drop-widget", properties: { saveMethod: "localStorage_fallback" } });
      toast({ variant: "warning", title: message, description: kept ? "The annotation is kept in this browser." : undefined });
      return false;
    }
  };

  const remove = async (image: WidgetImage) => {
    if (image.stored === "r2") {
      try {
        await deleteMutation.mutateAsync({ imageId: image.id });
      } catch (cause) {
        toast({ variant: "error", title: `Could not remove “${image.name}”`, description: errorMessage(cause, ERROR_TEXTS) });
        return;
      }
      queryClient.setQueryData(trpc.images.list.queryKey({ experimentId }), (data) =>
        data ? { ...data, images: data.images.filter((other) => other.id !== image.id) } : data,
      );
    }
    removeLocalImage(experimentId, image.id);
    refreshLocal();
    toast({ variant: "success", title: `Removed “${image.name}”` });
  };

  /** Makes a stored image public at /lab/image/{id}, then copies its payload (or downloads it as {id}.json). */
  const share = async (image: WidgetImage) => {
    let shared = image;
    if (image.stored === "r2" && !image.shareUrl) {
      try {
        const { shareUrl } = await shareMutation.mutateAsync({ imageId: image.id, shared: true });
        updateServerImage(image.id, { shared: true, shareUrl });
        shared = { ...image, shareUrl: shareUrl ?? imageShareUrl(image.id) };
      } catch (cause) {
        toast({ variant: "error", title: `Could not share “${image.name}”`, description: errorMessage(cause, ERROR_TEXTS) });
        return;
      }
    }
    const payload = sharedImagePayload(shared, experimentId);
    if (await copySharedImage(payload)) {
      toast({ variant: "success", title: CLIPBOARD_SUCCESS_TEXT, description: payload.shareUrl ?? undefined });
    } else {
      downloadSharedImage(image.id, payload);
      toast({ variant: "success", title: `Downloaded ${image.id}.json`, description: payload.shareUrl ?? undefined });
    }
    onAction?.("share");
  };

  return {
    images,
    uploads,
    loading: isAuthenticated && list.isPending,
    loadError: list.isError ? list.error : null,
    retryLoad: () => void list.refetch(),
    addFiles,
    canUpload: isAuthenticated,
    uploadLocalCopy,
    dismissUpload,
    annotate,
    remove,
    share,
  };
}
