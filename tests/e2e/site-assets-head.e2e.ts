import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/**
 * What crawlers and browsers get from Site Assets: meta tags set in the Meta Tags tab arrive in the HTML of `/`
 * for a client that runs no JavaScript, and a new favicon set changes the icon link's version.
 */
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };
const TITLE = "Crawler Lab <b>";

let server: RunningServer;
let browser: Browser;
let page: Page;

/** The page's tab icon link, as the browser sees it. */
const iconHref = () => page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.getAttribute("href") ?? null);
const crawl = async (path: string) => {
  const response = await fetch(`${server.url}${path}`, {
    headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  });
  expect(response.status).toBe(200);
  return response.text();
};

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  browser = await launchBrowser();
  page = await openPage(browser, DESKTOP);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await signInAsAdmin(page, server, admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("site assets as crawlers and browsers see them", () => {
  it("sets meta tags in the Meta Tags tab and a crawler reads them in the HTML of /", async () => {
    await page.goto(`${server.url}/admin/site-assets`);
    await page.getByRole("tab", { name: "Meta Tags" }).click();
    await page.getByLabel("Site Title").fill(TITLE);
    await page.getByLabel("Site Handle").fill("@hundredlab");
    await page.getByLabel("Twitter Description").fill("Small bets, shared in public.");
    await page.getByText("29/200").waitFor();
    await page.getByText('content="@hundredlab"').waitFor();
    await page.getByRole("button", { name: "Copy to Clipboard" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('<meta name="twitter:site" content="@hundredlab">');
    await page.getByRole("button", { name: "Save Meta Tags" }).click();
    await page.getByText("Meta tags saved.").waitFor();
    await screenshotAtBothWidths(page, "site-assets-meta-tags");

    const html = await crawl("/");
    expect(html).toContain("<title>Crawler Lab &lt;b&gt;</title>");
    expect(html).toContain('<meta property="og:title" content="Crawler Lab &lt;b&gt;">');
    expect(html).toContain('<meta name="twitter:site" content="@hundredlab">');
    expect(html).toContain('<meta name="twitter:description" content="Small bets, shared in public.">');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/">`);
    expect(html).not.toContain("<b>");
    expect(await crawl("/builders")).toContain('<meta property="og:title" content="Builders">');
  });

  it("generates a favicon set and the tab icon's link gets a new version", async () => {
    await page.goto(`${server.url}/admin/site-assets`);
    expect(await iconHref()).toBe("/favicon.ico");
    await page.getByRole("tab", { name: "Favicon" }).click();
    await page.getByText("No favicon generated yet.").waitFor();
    await page.getByRole("radio", { name: "Text" }).click();
    await page.getByLabel("Text", { exact: true }).fill("$1");
    await page.getByLabel("Background colour", { exact: true }).fill("#111827");
    await page.getByLabel("Text colour", { exact: true }).fill("#facc15");
    await page.getByRole("img", { name: "Favicon preview at 32x32" }).waitFor();
    await screenshotAtBothWidths(page, "site-assets-favicon");

    await page.getByRole("button", { name: "Update Our Favicon" }).click();
    await page.getByText("Update complete!").waitFor();
    await page.getByText("Generating 18 favicon files").waitFor();
    const version = (await (await fetch(`${server.url}/api/site-assets/active-favicons`)).json()).version as string;
    expect(await iconHref()).toBe(`/favicon.ico?v=${version}`);
    await screenshotAtBothWidths(page, "site-assets-favicon-updated");
    // The page reloads about 3 s later; the server wrote the new link into it.
    await page.waitForEvent("load", { timeout: 10_000 });
    expect(await iconHref()).toBe(`/favicon.ico?v=${version}`);
    expect(await crawl("/")).toContain(`<link rel="icon" href="/favicon.ico?v=${version}" sizes="48x48">`);

    await page.getByRole("tab", { name: "Favicon" }).click();
    await page.getByRole("button", { name: "Test All Paths" }).click();
    await expect.poll(() => page.getByLabel("Debug results").inputValue()).toContain("18/18 paths answered");
    await page.getByRole("button", { name: "Test Serving" }).click();
    await expect.poll(() => page.getByLabel("Debug results").inputValue()).toContain("X-Served-From: storage");
    await page.getByRole("button", { name: "Debug KV" }).click();
    await expect.poll(() => page.getByLabel("Debug results").inputValue()).toContain("18 favicon files in storage");
    await screenshotAtBothWidths(page, "site-assets-favicon-debug");
  });
});
