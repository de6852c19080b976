import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/**
 * The waitlist Funnel on the analytics dashboard: a visitor lands on `/` through a tagged link and joins from
 * the landing page; the admin's Funnel shows that visit and that join, overall and for the campaign.
 */
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The texts of a Funnel row's cells, whitespace collapsed: each count, then its conversion. */
const cellsOf = async (page: Page, source: string) => {
  const funnel = page.getByRole("region", { name: "Funnel" });
  const row = funnel.getByRole("row").filter({ has: page.getByRole("rowheader", { name: source, exact: true }) });
  return (await row.getByRole("cell").allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
};

describe("the Funnel panel", () => {
  it("shows a visit of / and a join, overall and for the campaign that brought them", async () => {
    const visitor = await openPage(browser, PHONE);
    await visitor.goto(`${server.url}/?utm_source=x&utm_campaign=launch-day`);
    const join = visitor.getByRole("button", { name: "Join the waitlist" });
    await expect.poll(() => join.isDisabled()).toBe(true);
    await visitor.getByLabel("Email", { exact: true }).fill("funnel-visitor@lab.dev");
    await join.click();
    await visitor.getByText("You're #1 on the list").waitFor();
    await visitor.context().close();

    const page = await openPage(browser, DESKTOP);
    await signInAsAdmin(page, server, admin);
    await page.goto(`${server.url}/admin/analytics`);
    await page.getByRole("heading", { name: "Funnel", exact: true }).waitFor();
    // Visitors of /, joins, confirmed (the address still waits for its link), accounts.
    await expect.poll(() => cellsOf(page, "All"), { timeout: 10_000 }).toEqual(["1", "1 100%", "0 0%", "0 —"]);
    expect(await cellsOf(page, "launch-day")).toEqual(["1", "1 100%", "0 0%", "0 —"]);
    expect(await cellsOf(page, "Referrals")).toEqual(["0", "0 —", "0 —", "0 —"]);
    await screenshotAtBothWidths(page, "admin-analytics-funnel");
    await page.context().close();
  });
});
