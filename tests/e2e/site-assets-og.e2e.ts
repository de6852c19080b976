import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings } from "../../src/server/db/schema";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, withStoppedServerDatabase, type RunningServer } from "./harness";
import { eq } from "drizzle-orm";

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
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Subtitle").fill("A".repeat(130));
    await page.getByLabel("Domain").fill("lab.example");
    await expect.poll(previewSource, { timeout: 10_000 }).not.toBe(before);

    await page.getByRole("tab", { name: "Twitter" }).click();
    const twitter = page.getByRole("tabpanel");
    await twitter.getByText(`${"A".repeat(119)}…`, { exact: true }).waitFor();
    await twitter.getByText("lab.example").first().waitFor();
    await page.getByRole("tab", { name: "LinkedIn" }).click();
    await page.getByRole("tabpanel").getByText(`${"A".repeat(109)}…`, { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Image" }).click();
    await screenshotAtBothWidths(page, "site-assets-og-design");

    await page.getByRole("button", { name: "Update Our OG Image" }).click();
    await page.getByText(/OG image updated! Shared links now show \/og-image\.[0-9a-f]{12}\.png \(1200×630\)/).waitFor({ timeout: 20_000 });
    await page.getByRole("img", { name: "The site's current OG image" }).waitFor();
    await screenshotAtBothWidths(page, "site-assets-og-updated");
  });

  it("serves the image the settings name: a 1200x630 PNG from storage", async () => {
    await server.stop({ keepData: true });
    const stored = await withStoppedServerDatabase(server.dataDir, async (db) => {
      const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, "og_image"));
      return row?.value as { url: string; width: number; height: number };
    });
    expect(stored).toMatchObject({ url: expect.stringMatching(/^\/og-image\.[0-9a-f]{12}\.png$/), width: 1200, height: 630 });

    server = await startServer({ dataDir: server.dataDir });
    const response = await fetch(`${server.url}${stored.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-served-from")).toBe("storage");
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 1200, height: 630 });
  });
});
