import { describe, expect, it } from "vitest";
import { isPagePath, isServerRenderedPath, matchesPagePattern } from "#common/pages/page-routes.ts";
import { isBackOfficePath } from "#common/pages/site-paths.ts";

describe("matchesPagePattern", () => {
  it("matches fixed segments case-insensitively, with or without a trailing slash", () => {
    expect(matchesPagePattern("/login/debug", "/login/debug")).toBe(true);
    expect(matchesPagePattern("/login/debug", "/Login/DEBUG/")).toBe(true);
    expect(matchesPagePattern("/login/debug", "/login")).toBe(false);
    expect(matchesPagePattern("/login/debug", "/login/debug/x")).toBe(false);
    expect(matchesPagePattern("/", "/")).toBe(true);
    expect(matchesPagePattern("/", "/x")).toBe(false);
  });

  it("matches any one segment for :name", () => {
    expect(matchesPagePattern("/builders/:slug", "/builders/ada")).toBe(true);
    expect(matchesPagePattern("/builders/:slug", "/builders")).toBe(false);
    expect(matchesPagePattern("/builders/:slug", "/builders/ada/more")).toBe(false);
  });

  it("matches the path itself and anything below it for a final /*", () => {
    expect(matchesPagePattern("/admin/*", "/admin")).toBe(true);
    expect(matchesPagePattern("/admin/*", "/admin/waitlist/42")).toBe(true);
    expect(matchesPagePattern("/admin/*", "/adminx")).toBe(false);
    expect(matchesPagePattern("/admin/*", "/")).toBe(false);
  });
});

describe("isPagePath", () => {
  it("knows the public pages, the member area and the back office, and nothing else", () => {
    for (const path of [
      "/",
      "/builders",
      "/lab",
      "/lab/3f1c2d4e-0000-4000-8000-000000000000",
      "/signup",
      "/reset-password",
      "/system/admin",
      "/today",
      "/admin/analytics",
      "/lab/image/3f1c2d4e-0000-4000-8000-000000000000",
    ]) {
      expect(isPagePath(path), path).toBe(true);
    }
    for (const path of ["/nope", "/system", "/today/x", "/builders/x", "/lab/x/y", "/lab/image/x/y"]) {
      expect(isPagePath(path), path).toBe(false);
    }
  });
});

describe("isServerRenderedPath", () => {
  const experiment = "/lab/3f1c2d4e-0000-4000-8000-000000000000";

  it("renders the public pages for anyone", () => {
    for (const signedIn of [false, true]) {
      for (const path of [
        "/",
        "/builders",
        "/login",
        "/system/admin",
        "/unsubscribe",
        "/lab/image/3f1c2d4e-0000-4000-8000-000000000000",
        "/demo",
      ]) {
        expect(isServerRenderedPath(path, { signedIn }), path).toBe(true);
      }
    }
  });

  it("renders a shared experiment's page for signed-out visitors only, and leaves the rest of the member area to the browser", () => {
    expect(isServerRenderedPath(experiment, { signedIn: false })).toBe(true);
    expect(isServerRenderedPath(experiment, { signedIn: true })).toBe(false);
    for (const signedIn of [false, true]) {
      for (const path of ["/lab", "/playbook", "/today", "/admin/lab", "/nope"]) {
        expect(isServerRenderedPath(path, { signedIn }), path).toBe(false);
      }
    }
  });
});

describe("isBackOfficePath", () => {
  it("is the back-office entries of the list, matched as the router matches them", () => {
    for (const path of ["/today", "/admin", "/Admin/waitlist/42"]) expect(isBackOfficePath(path), path).toBe(true);
    for (const path of ["/", "/todays-news", "/administrator", "/builders"]) expect(isBackOfficePath(path), path).toBe(false);
  });
});
