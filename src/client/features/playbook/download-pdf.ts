import { playbookPdfPath } from "#common/playbook/playbook.ts";

/**
 * Fetches the chapter's PDF and hands it to the browser as a download: unlike a plain link, a refusal (a
 * rate limit, a chapter taken down) comes back as a message to show, not as a JSON file saved to disk.
 */
export async function downloadChapterPdf(chapterId: string): Promise<void> {
  const response = await fetch(playbookPdfPath(chapterId), { credentials: "same-origin" });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Download failed: ${response.statusText || response.status}`);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "chapter.pdf";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time of the click to start saving before the object URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
