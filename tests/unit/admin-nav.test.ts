import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ADMIN_NAV } from "#client/features/admin/admin-nav.ts";
import { ADMIN_ROUTES, findAdminRoute } from "#client/features/admin/admin-routes.tsx";
import { AdminSidebarContent } from "#client/features/admin/admin-sidebar.tsx";

const adminHref = (path: string) => (path ? `/admin/${path}` : "/admin");

/** The sidebar's links as rendered (every group's list is in the markup, closed ones hidden): [label, href]. */
function renderedLinks(): Array<[string, string]> {
  const html = renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: ["/admin"] }, createElement(AdminSidebarContent, { collapsed: false })),
  );
  const nav = html.slice(html.indexOf("<nav"), html.indexOf("</nav>"));
  return [...nav.matchAll(/<a [^>]*href="([^"]*)"[^>]*>.*?<span class="truncate">([^<]*)<\/span><\/a>/g)].map((m) => [m[2]!, m[1]!]);
}

describe("the back office's sidebar", () => {
  it("links to exactly the pages of the admin routes that name a section, in their order, plus Back to Site", () => {
    const pages = ADMIN_ROUTES.filter((route) => "section" in route).map((route): [string, string] => [route.title, adminHref(route.path)]);
    const links = renderedLinks();
    expect(links.filter(([, href]) => href !== "/")).toEqual(pages);
    expect(links.filter(([, href]) => href === "/")).toEqual([["Back to Site", "/"]]);
  });

  it("leaves out only Brand Voice, which the dashboard's Quick Actions open", () => {
    expect(ADMIN_ROUTES.filter((route) => !("section" in route)).map((route) => route.path)).toEqual(["brand-voice"]);
  });

  it("keeps its sections, labels, paths and order", () => {
    expect(ADMIN_NAV.map((section) => [section.label, section.items.map((item) => `${item.label} ${item.to}`)])).toEqual([
      ["Overview", ["Dashboard /admin", "Back to Site /"]],
      [
        "Administration",
        [
          "Waitlist /admin/waitlist",
          "Users /admin/users",
          "Builders /admin/builders",
          "Analytics /admin/analytics",
          "SEO Setup /admin/seo-setup",
          "Site Assets CMS /admin/site-assets",
          "Email Templates /admin/email-templates",
          "Backup Data /admin/backup",
        ],
      ],
      [
        "Experiments",
        [
          "The Lab /admin/lab",
          "Trial Demo /admin/trial-demo",
          "Image Test /admin/image-test",
          "Email Test /admin/email-test",
          "Vault Demo /admin/vault-demo",
        ],
      ],
      ["Content", ["Playbook /admin/playbook", "Content Bangers /admin/bangers"]],
    ]);
  });

  it("opens the page it links to, with the icon the page names", () => {
    for (const item of ADMIN_NAV.flatMap((section) => section.items).filter((item) => item.to.startsWith("/admin"))) {
      const route = findAdminRoute(item.to.slice("/admin".length));
      expect(route.title).toBe(item.label);
      expect(ADMIN_ROUTES.find((page) => page.path === route.path)?.icon).toBe(item.icon);
    }
  });
});
