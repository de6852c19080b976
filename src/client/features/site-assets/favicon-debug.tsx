import { useState } from "react";
import { Bug, Database, ListChecks } from "lucide-react";
import type { FaviconKeyList } from "#common/site-assets/favicon.ts";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Textarea } from "#client/ui/textarea.tsx";

const bust = () => `t=${Date.now()}`;
const mark = (ok: boolean) => (ok ? "✅" : "❌");

/** Test Serving: what /favicon.ico answers right now, headers included. */
async function testServing(): Promise<string> {
  const response = await fetch(`/favicon.ico?${bust()}`, { cache: "no-store" });
  const size = (await response.arrayBuffer()).byteLength;
  return [
    `${mark(response.ok)} GET /favicon.ico: ${response.status} ${response.statusText}`,
    `Content-Type: ${response.headers.get("content-type") ?? "none"}`,
    `X-Served-From: ${response.headers.get("x-served-from") ?? "none"}`,
    `Cache-Control: ${response.headers.get("cache-control") ?? "none"}`,
    `ETag: ${response.headers.get("etag") ?? "none"}`,
    `Size: ${size} bytes`,
  ].join("\n");
}

/** Debug KV: the favicon files the storage really holds. */
async function debugKv(): Promise<string> {
  const response = await fetch("/api/debug/kv-favicon-list", { cache: "no-store" });
  if (!response.ok) return `KV inspection failed: ${response.status}`;
  const { faviconKeys } = (await response.json()) as FaviconKeyList;
  if (faviconKeys.length === 0) return "No favicon files found in KV storage! Upload might have failed.";
  return [
    `${faviconKeys.length} favicon files in storage:`,
    ...faviconKeys.map((key) => `${key.name} (${key.metadata.size} bytes, ${key.metadata.contentType})`),
  ].join("\n");
}

/** Test All Paths: a HEAD request to each active file. */
async function testAllPaths(): Promise<string> {
  const listed = await fetch("/api/site-assets/active-favicons", { cache: "no-store" }).catch(() => null);
  if (!listed?.ok) return "Could not fetch favicon list.";
  const { files } = (await listed.json()) as { files: string[] };
  if (files.length === 0) return "No active favicons: the built-in default icon is served.";
  const lines = await Promise.all(
    files.map(async (file) => {
      const response = await fetch(`${file}?${bust()}`, { method: "HEAD", cache: "no-store" }).catch(() => null);
      return `${mark(Boolean(response?.ok))} ${file}: ${response ? response.status : "network error"}`;
    }),
  );
  const passed = lines.filter((line) => line.startsWith("✅")).length;
  return [...lines, `${passed}/${files.length} paths answered`].join("\n");
}

/** The three debug buttons, each a real request, results in the text area. */
export function FaviconDebug({ className }: { className?: string }) {
  const [output, setOutput] = useState("");
  const [running, setRunning] = useState<string | null>(null);
  const run = (name: string, task: () => Promise<string>) => async () => {
    setRunning(name);
    setOutput(`${name}...`);
    try {
      setOutput(await task());
    } catch (error) {
      setOutput(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setRunning(null);
    }
  };
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Debug</CardTitle>
        <CardDescription>Check what the site really serves and stores.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void run("Test Serving", testServing)()} disabled={running !== null}>
            <Bug aria-hidden /> Test Serving
          </Button>
          <Button variant="outline" size="sm" onClick={() => void run("Debug KV", debugKv)()} disabled={running !== null}>
            <Database aria-hidden /> Debug KV
          </Button>
          <Button variant="outline" size="sm" onClick={() => void run("Test All Paths", testAllPaths)()} disabled={running !== null}>
            <ListChecks aria-hidden /> Test All Paths
          </Button>
        </div>
        <Textarea
          aria-label="Debug results"
          readOnly
          rows={8}
          value={output}
          placeholder="Results appear here."
          className="font-mono text-xs"
        />
      </CardContent>
    </Card>
  );
}
