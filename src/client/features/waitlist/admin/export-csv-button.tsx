import { useState } from "react";
import { Download } from "lucide-react";
import { Button } from "#client/ui/button.tsx";
import { toast } from "#client/ui/toast.tsx";

const EXPORT_URL = "/api/waitlist/export";

/** The file name the server suggested in Content-Disposition, or a dated default. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? `waitlist-${new Date().toISOString().slice(0, 10)}.csv`;
}

async function failureText(response: Response): Promise<string> {
  let text = response.statusText;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string") text = body.error;
  } catch {
    // Not JSON: keep the status text.
  }
  return response.status === 401 ? `Authentication failed: ${text}` : `Export failed: ${response.status} - ${text}`;
}

/**
 * Downloads the whole list as CSV from GET /api/waitlist/export. The session cookie goes along by itself
 * (same origin); fetching instead of a plain link lets a failure show as a message rather than as a
 * downloaded error page.
 */
export function ExportCsvButton() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(EXPORT_URL, { credentials: "same-origin", headers: { accept: "text/csv" } });
      if (!response.ok) {
        toast({ variant: "error", title: "Could not export the waitlist", description: await failureText(response) });
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast({
        variant: "error",
        title: "Could not export the waitlist",
        description: `Network error: ${error instanceof Error ? error.message : "no response"}`,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} loading={busy}>
      {busy ? null : <Download aria-hidden="true" />}
      Export CSV
    </Button>
  );
}
