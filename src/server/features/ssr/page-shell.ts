import fs from "node:fs";
import path from "node:path";

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;
const SCRIPTS = /<(script type="module"|link rel="modulepreload")(?= )/g;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/g;

/**
 * The built index.html as server-rendered pages send it. The page is already in the HTML, so nothing else may
 * hold its first paint back: the stylesheet comes inline (one round trip less before anything shows; the CSP
 * allows inline styles), and the scripts that hydrate it load at low priority, after what paints. These pages
 * work without scripts (their forms post to the server), so the shell's "needs JavaScript" notice goes.
 */
export function serverRenderedShell(shell: string, clientDir: string): string {
  return shell
    .replace(STYLESHEET, (_tag, file: string) => `<style>${fs.readFileSync(path.join(clientDir, file), "utf8")}</style>`)
    .replace(SCRIPTS, (_tag, opening: string) => `<${opening} fetchpriority="low"`)
    .replace(NOSCRIPT, "");
}
