import { useEffect, useRef } from "react";

/** The image files among a paste's clipboard items (text and other kinds are ignored). */
export function imagesFromClipboard(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files: File[] = [];
  for (const item of Array.from(data.items)) {
    if (item.kind !== "file" || !item.type.startsWith("image/")) continue;
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  return files;
}

/** Calls `onImages` for every paste anywhere on the page that carries images; text pastes go on as usual. */
export function usePasteImages(onImages: (files: File[]) => void): void {
  const latest = useRef(onImages);
  useEffect(() => {
    latest.current = onImages;
  });
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = imagesFromClipboard(event.clipboardData);
      if (files.length === 0) return;
      event.preventDefault();
      latest.current(files);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, []);
}
