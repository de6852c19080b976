import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, builders } from "#server/db/schema/index.ts";
import { setBuilderStatus } from "#server/features/builders/service.ts";
import { DESKTOP, openPage, launchBrowser, PHONE, screenshot, startServer, withStoppedServerDatabase, type RunningServer } from "./harness";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newPage = (viewport = DESKTOP) => openPage(browser, viewport);

describe("the public site in the browser", () => {
  it("joins the waitlist from / and shows the position, then Welcome back on a second join", async () => {
    const page = await newPage();
    await page.goto(server.url);
    await screenshot(page, "landing-desktop");
    const join = page.getByRole("button", { name: "Join the waitlist" });
    // Disabled until filled once hydrated (the server's HTML never disables it): the hydrated render follows the first.
    await expect.poll(() => join.isDisabled()).toBe(true);
    await page.getByLabel("Email", { exact: true }).fill("wanda@example.com");
    await page.getByLabel("Name").fill("Wanda");
    await page.getByRole("checkbox", { name: "Analytics" }).check();
    expect(await page.getByRole("checkbox", { name: "Analytics" }).isChecked()).toBe(true);
    await join.click();
    await page.getByText("You're #1 on the list").waitFor();
    await screenshot(page, "landing-joined");

    const phone = await newPage(PHONE);
    await phone.goto(server.url);
    await screenshot(phone, "landing-phone");
    await phone.getByLabel("Email", { exact: true }).fill("  WANDA@example.com ");
    await phone.getByRole("button", { name: "Join the waitlist" }).click();
    await phone.getByText("Welcome back! You're still #1 on the list").waitFor();
    await screenshot(phone, "landing-welcome-back-phone");
    await page.context().close();
    await phone.context().close();
  });

  it("shows the not-found page, with status 404, for a path that is none of the site's pages", async () => {
    const page = await newPage();
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-encoding"]).toBe("br");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await screenshot(page, "not-found");
    await page.context().close();
  });

  it("submits the builders form and shows the confirmation", async () => {
    const page = await newPage(PHONE);
    await page.goto(`${server.url}/builders`);
    await page.getByText("Be the First to Join").first().waitFor();
    await screenshot(page, "builders-empty-phone");
    await page.getByRole("link", { name: "Join the Community" }).first().click();
    const submit = page.getByRole("button", { name: "Submit Profile" });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByLabel("Name", { exact: true }).fill("Bea Builder");
    await page.getByLabel("Email", { exact: true }).fill("bea@example.com");
    await page.getByLabel("Title").fill("Indie hacker");
    await page.getByLabel("Twitter / X handle").fill("@bea_builds");
    for (const tag of ["Developer", "Designer", "Marketer", "Engineer"])
      await page.getByRole("checkbox", { name: tag, exact: true }).check();
    await screenshot(page, "builders-form-phone");
    await submit.click();
    await page.getByText("Thanks for joining, Bea Builder!").waitFor();
    await screenshot(page, "builders-submitted-phone");
    await page.context().close();
  });

  it("lists an approved and verified builder with its tags, and stored the page views of visited routes", async () => {
    await server.stop({ keepData: true });
    const stored = await withStoppedServerDatabase(server.dataDir, async (db) => {
      const [bea] = await db.select().from(builders).where(eq(builders.email, "bea@example.com"));
      await setBuilderStatus(db, bea!.id, "approved");
      await setBuilderStatus(db, bea!.id, "verified");
      return db.select({ page: analyticsEvents.page }).from(analyticsEvents).where(eq(analyticsEvents.event, "page_view"));
    });
    expect(stored.map((row) => row.page)).toEqual(expect.arrayContaining(["/", "/builders"]));

    server = await startServer({ dataDir: server.dataDir });
    const page = await newPage();
    await page.goto(`${server.url}/builders`);
    await page.getByText("Bea Builder").waitFor();
    expect(await page.getByText("VERIFIED").isVisible()).toBe(true);
    expect(await page.getByText("+1 more").isVisible()).toBe(true);
    expect(await page.content()).not.toContain("bea@example.com");
    await screenshot(page, "builders-directory-desktop");
    await page.context().close();
  });
});
