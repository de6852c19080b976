/**
 * After an update: the open page's icon links point at the new set at once (`?v=<version>`), and the caches
 * of a service worker that may hold the old icons (named after favicons or static files) are emptied.
 * The server writes the same links into every page from now on.
 */
export async function refreshTabIcon(version: string | null): Promise<void> {
  if (!version) return;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')) {
    const url = new URL(link.href, window.location.href);
    url.searchParams.set("v", version);
    link.href = `${url.pathname}${url.search}`;
  }
  if (!("caches" in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => /favicon|static/i.test(name)).map((name) => caches.delete(name)));
}
