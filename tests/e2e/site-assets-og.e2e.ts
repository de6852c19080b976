import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/**
 * The OG Generator in the browser: pick a template, write the words, watch the server-rendered preview follow,
 * look at the platform cards, then Update Our OG Image and fetch the image the site's settings now name.
 */
const admin = { email: "olga@lab.example", password: "admin-password-1", name: "Olga Admin" };
const TITLE = "Ship it for $100 🚀";

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  browser = await launchBrowser();
  page = await openPage(browser, DESKTOP);
  await signInAsAdmin(page, server, admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The platform card mockup alone, beside the full-page screenshots (tests/e2e/screenshots). */
const cardScreenshot = (platform: "Twitter" | "Facebook" | "LinkedIn") =>
  page
    .getByRole("tabpanel", { name: platform })
    .screenshot({ path: path.resolve(`tests/e2e/screenshots/site-assets-og-${platform.toLowerCase()}.png`) });

/** The preview's current picture (an object URL of the server's SVG). */
const previewSource = () => page.getByRole("tabpanel").getByRole("img", { name: "Preview of the OG image" }).getAttribute("src");

describe("the OG Generator", () => {
  it("designs an image from a template, previews it on each platform card and makes it the site's og:image", async () => {
    await page.goto(`${server.url}/admin/site-assets`);
    await page.getByText("v3.3-debug-serve").waitFor();
    await page.getByRole("img", { name: "Preview of the OG image" }).first().waitFor();

    await page.getByRole("button", { name: "Retro" }).click();
    await page.getByRole("button", { name: "Retro", pressed: true }).waitFor();
    const before = await previewSource();
    await page.getByLabel("Title", { exact: true }).fill(TITLE);
    await page.getByRole("textbox", { name: /^Subtitle/ }).fill("A".repeat(130));
    await page.getByRole("textbox", { name: /^Domain/ }).fill("lab.example");
    await expect.poll(previewSource, { timeout: 10_000 }).not.toBe(before);

    await page.getByRole("tab", { name: "Twitter" }).click();
    const twitter = page.getByRole("tabpanel");
    await twitter.getByText(`${"A".repeat(119)}…`, { exact: true }).waitFor();
    await twitter.getByText("lab.example").first().waitFor();
    await cardScreenshot("Twitter");
    await page.getByRole("tab", { name: "Facebook" }).click();
    await page
      .getByRole("tabpanel")
      .getByText(`${"A".repeat(119)}…`, { exact: true })
      .waitFor();
    await cardScreenshot("Facebook");
    await page.getByRole("tab", { name: "LinkedIn" }).click();
    await page
      .getByRole("tabpanel")
      .getByText(`${"A".repeat(109)}…`, { exact: true })
      .waitFor();
    await cardScreenshot("LinkedIn");
    await page.getByRole("tab", { name: "Image" }).click();
    await screenshotAtBothWidths(page, "site-assets-og-design");

    await page.getByRole("button", { name: "Update Our OG Image" }).click();
    await page.getByText(/OG image updated! Shared links now show \/og-image\.[0-9a-f]{12}\.png \(1200×630\)/).waitFor({ timeout: 20_000 });
    await page.getByRole("img", { name: "The site's current OG image" }).waitFor();
    await screenshotAtBothWidths(page, "site-assets-og-updated");
  });

  it("serves the image the settings name: a 1200x630 PNG from storage", async () => {
    // The site_settings og_image value, as the server reads it (siteAssetsOg.state), with the admin's session.
    const state = await page.evaluate(async () => (await fetch("/trpc/siteAssetsOg.state")).json());
    const stored = (state as { result: { data: { active: { url: string; width: number; height: number } } } }).result.data.active;
    expect(stored).toMatchObject({ url: expect.stringMatching(/^\/og-image\.[0-9a-f]{12}\.png$/), width: 1200, height: 630 });

    const response = await fetch(`${server.url}${stored.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-served-from")).toBe("storage");
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 1200, height: 630 });
  });
});
