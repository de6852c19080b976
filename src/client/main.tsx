/*
 * The browser's entry: small on purpose. A page the server rendered is already complete in the HTML, so the
 * browser paints it first, and only then loads and runs React (start-app.tsx), in separate tasks: the page's
 * largest paint never waits for JavaScript, and no single task blocks input for long. A client-rendered page
 * (the member and admin areas) starts at once.
 *
 * No top-level await: start-app imports helpers from this module's chunk, and would wait forever for a module
 * still waiting for it.
 */
import { PAGE_DATA_ELEMENT_ID } from "#common/pages/page-hydration.ts";
import { afterNextPaint, nextTask } from "#client/lib/next-task.ts";
import "./styles.css";

async function boot(container: HTMLElement) {
  if (document.getElementById(PAGE_DATA_ELEMENT_ID)) {
    await afterNextPaint();
    // React's runtime first (the framework chunk), then the router, then the app: shorter tasks than one long one.
    await import("react-dom/client");
    await nextTask();
    await import("#client/lib/router-runtime.ts");
    await nextTask();
  }
  const { startApp } = await import("./start-app");
  await startApp(container);
}

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");
void boot(container);
