import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/**
 * The content-to-growth loop in the browser: draft a banger, edit it, mark it ready, post it, follow its tagged
 * link as a new visitor who joins the waitlist, and find that join under Campaigns and on the banger. Then the
 * Brand Voice generator saves a tweet as a draft.
 */
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };
const TITLE = "Day 1 of the $100 experiment";

let server: RunningServer;
let browser: Browser;
let page: Page;
let taggedLink = "";

const statCard = (label: string): Locator =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
const bangerCard = (title: string): Locator => page.getByRole("list", { name: "Bangers" }).getByRole("listitem").filter({ hasText: title });

const screenshots = (name: string) => screenshotAtBothWidths(page, name);

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

describe("content bangers and the growth loop", () => {
  it("creates a banger, edits it, refuses ready over the limit, marks it ready and posts it with its URL", async () => {
    await page.goto(`${server.url}/admin/bangers`);
    await page.getByText("No bangers found. Create your first one!").waitFor();
    await screenshots("bangers-empty");

    await page.getByRole("button", { name: "New Banger" }).click();
    const create = page.getByRole("dialog");
    await create.getByLabel("Title").fill(TITLE);
    await create.getByLabel("Content").fill("Putting $100 into an experiment.");
    await create.getByText("32/280").waitFor();
    await create.getByLabel("Tags").fill(" growth, , build in public ,lab,  $100 ,");
    await create.getByRole("button", { name: "Save draft" }).click();
    await create.waitFor({ state: "detached" });

    const card = bangerCard(TITLE);
    await card.waitFor();
    // Three tags, then "+1 more"; the empty ones were dropped.
    expect(await card.getByRole("listitem").allInnerTexts()).toEqual(["growth", "build in public", "lab", "+1 more"]);
    expect(await card.innerText()).toContain("Draft");
    await statCard("Total").getByText("1", { exact: true }).waitFor();
    await statCard("Tweet").getByText("1", { exact: true }).waitFor();

    await card.getByRole("button", { name: TITLE }).click();
    const details = page.getByRole("dialog");
    const content = details.getByLabel("Content");
    await content.fill("a".repeat(281));
    await details.getByText("281/280").waitFor();
    await details.getByText("(1 over)").waitFor();
    await details.getByRole("button", { name: "Save changes" }).click();
    await details.getByText("A Tweet can have at most 280 characters; this one has 281").waitFor();
    expect(await details.getByRole("button", { name: "Mark ready" }).isDisabled()).toBe(true);

    await content.fill("Day 1: I put $100 into an experiment and I'm building it in public. Follow along 👇");
    await details.getByText("82/280").waitFor();
    await details.getByRole("button", { name: "Save changes" }).click();
    await details.getByRole("button", { name: "Save changes" }).and(page.locator(":disabled")).waitFor();
    await details.getByRole("button", { name: "Mark ready" }).click();
    await details.getByRole("button", { name: "Mark posted" }).waitFor();
    expect(await details.innerText()).toContain("Ready");

    await details.getByLabel("Post URL").fill("x.com/lab/status/1");
    await details.getByRole("button", { name: "Mark posted" }).click();
    await details.getByText("Post URL must be an http:// or https:// address").waitFor();
    await details.getByLabel("Post URL").fill("https://x.com/lab/status/1");
    await details.getByRole("button", { name: "Mark posted" }).click();
    await details.getByRole("link", { name: "https://x.com/lab/status/1" }).waitFor();

    taggedLink = await details.getByRole("textbox", { name: "Tagged link" }).inputValue();
    expect(taggedLink).toMatch(new RegExp(`^${server.url}/\\?utm_source=tweet&utm_medium=social&utm_campaign=[a-z2-7]{8}$`));
    await details.getByRole("button", { name: "Copy link" }).click();
    await details.getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(taggedLink);
    await screenshots("banger-details-posted");
    await page.keyboard.press("Escape");
  });

  it("follows the tagged link in a fresh browser into a waitlist join that shows under Campaigns and on the banger", async () => {
    const visitor = await openPage(browser, PHONE);
    // The beacon starts in a task of its own after hydration: a visitor who left before it would have sent no
    // page view, and the campaign would have no visitor. A person reads for longer than that.
    const landingCounted = visitor.waitForResponse(
      (response) => response.url().endsWith("/api/analytics/track") && response.request().method() === "POST",
    );
    await visitor.goto(taggedLink);
    await visitor.getByRole("heading", { level: 1 }).waitFor();
    await landingCounted;
    // The visitor reads another page first: the campaign of the visit is kept for the session.
    await visitor.goto(`${server.url}/builders`);
    await visitor.goto(server.url);
    const form = visitor.getByRole("form", { name: "Join the waitlist" });
    await form.getByLabel("Email").fill("reader@example.com");
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await visitor.getByText("#1", { exact: false }).first().waitFor();
    await visitor.context().close();

    await page.goto(`${server.url}/admin/analytics`);
    const campaigns = page.getByRole("region", { name: "Campaigns" });
    const row = campaigns.getByRole("row").filter({ hasText: TITLE });
    // The beacon's events are written within a second, and the join may show first: reload until the panel
    // has the visit too (the row's first cell is its visitors).
    const visitors = async () => ((await row.count()) === 0 ? null : await row.getByRole("cell").first().innerText());
    for (let attempt = 0; attempt < 20 && (await visitors()) !== "1"; attempt += 1) {
      await page.waitForTimeout(500);
      await page.reload();
      await campaigns.waitFor();
    }
    expect(await row.getByRole("cell").allInnerTexts()).toEqual(["1", "1", "100%"]);
    await screenshots("analytics-campaigns");

    await page.goto(`${server.url}/admin/bangers?status=posted`);
    await bangerCard(TITLE).getByRole("button", { name: TITLE }).click();
    const results = page.getByRole("dialog").getByLabel("Campaign results");
    await results.getByText("Waitlist joins").waitFor();
    expect(await results.innerText()).toMatch(/Visitors\s+1\s+Waitlist joins\s+1/);
    await page.keyboard.press("Escape");
  });

  it("keeps the filters in the address and deletes after the confirmation", async () => {
    await page.goto(`${server.url}/admin/bangers?type=thread`);
    await page.getByText("No bangers match these filters.").waitFor();
    await page.getByRole("button", { name: "Show all bangers" }).click();
    await bangerCard(TITLE).waitFor();
    expect(new URL(page.url()).search).toBe("");

    await page.getByRole("button", { name: "New Banger" }).click();
    await page.getByRole("dialog").getByLabel("Title").fill("Throwaway");
    await page.getByRole("dialog").getByRole("button", { name: "Save draft" }).click();
    await bangerCard("Throwaway").getByRole("button", { name: "Throwaway" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete this banger?").waitFor();
    await confirm.getByRole("button", { name: "Delete banger" }).click();
    await bangerCard("Throwaway").waitFor({ state: "detached" });
    await statCard("Total").getByText("1", { exact: true }).waitFor();
  });

  it("generates a tweet in the brand voice, copies it and saves it as a draft", async () => {
    await page.goto(`${server.url}/admin/brand-voice`);
    const generate = page.getByRole("button", { name: "Generate" });
    await generate.waitFor();
    expect(await generate.isDisabled()).toBe(true);
    await page.getByRole("group", { name: "Topic" }).getByText("Launch").click();
    expect(await generate.isDisabled()).toBe(true);
    await page.getByRole("group", { name: "Tone" }).getByText("Honest").click();
    await page.getByLabel("Context").fill("Pocket Ledger");
    await generate.click();

    const tweet = page.getByLabel("Tweet", { exact: true });
    const text = await tweet.inputValue();
    expect(text).toContain("Pocket Ledger");
    await page.getByText(`${[...new Intl.Segmenter().segment(text)].length}/280`).waitFor();
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await page.getByRole("button", { name: "Save as draft" }).click();
    await page.getByText("Saved as a draft tweet").waitFor();
    await screenshots("brand-voice");

    await page.getByRole("link", { name: "Content Bangers" }).last().click();
    const saved = bangerCard("Launch · Honest");
    await saved.waitFor();
    expect(await saved.innerText()).toContain("Draft");
    expect(await saved.innerText()).toContain("Pocket Ledger");
    await screenshots("bangers-grid");
  });
});
