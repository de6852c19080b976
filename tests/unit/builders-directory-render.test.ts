import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { PublicBuilder } from "#common/builders/builders.ts";
import { BuildersPage } from "#client/features/builders/builders-page.tsx";

const grace: PublicBuilder = {
  id: "8f0c2b36-3f55-4d9c-9a59-0d7b3f1f5d21",
  name: "Grace Okonkwo",
  title: "Indie maker",
  bio: null,
  location: null,
  twitterHandle: null,
  websiteUrl: null,
  linkedinUrl: null,
  currentProject: null,
  tags: [],
  avatarUrl: null,
  status: "approved",
  joinedAt: "2026-11-01T00:00:00.000Z",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  canEdit: false,
};

/** Renders /builders once, synchronously: whatever would suspend shows its fallback instead. */
async function renderOnce(list: unknown): Promise<string> {
  const handler = createStaticHandler([{ path: "/builders", loader: () => ({ list }), Component: BuildersPage }]);
  const context = await handler.query(new Request("http://lab.example/builders"));
  if (context instanceof Response) throw new Error("the loader answered a Response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe("the builders directory", () => {
  it("renders a list that is already loaded (on the server, and when hydrating) without suspending", async () => {
    const html = await renderOnce({ builders: [grace] });
    expect(html).toContain("Grace Okonkwo");
    expect(html).toContain('aria-busy="false"');
    // A suspended boundary: React would send the list later, as an inline script the CSP blocks.
    expect(html).not.toMatch(/<!--\$[!?]-->/);
  });

  it("shows the loading state while a list fetched in the browser is on its way", async () => {
    const html = await renderOnce(new Promise(() => {}));
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain("Grace Okonkwo");
  });
});
