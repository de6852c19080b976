import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/**
 * The Playbook in the browser: an admin adds the starter chapters, writes and publishes a chapter (checking the
 * Markdown preview); a member searches for it, opens it, ticks two checklist items, reloads and finds them
 * ticked, rates it and downloads its PDF.
 */
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };
const member = { name: "Mo Member", email: "mo@lab.example", password: "member-password-1" };
const TITLE = "Pricing Experiments on a Shoestring";
/** A starter chapter the admin turns to Coming Soon. */
const SOON = "AI Tools on a $100 Budget";

let server: RunningServer;
let browser: Browser;
let adminPage: Page;
let memberPage: Page;

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  browser = await launchBrowser();
  adminPage = await openPage(browser, DESKTOP);
  await signInAsAdmin(adminPage, server, admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Full-page screenshots from the top: a scrolled page would show its sticky header mid-way. */
const screenshots = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtBothWidths(page, name);
};

const choose = async (page: Page, label: string, option: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
};

describe("the playbook", () => {
  it("lets an admin add the starter chapters, then write and publish a chapter", async () => {
    const page = adminPage;
    await page.goto(`${server.url}/admin/playbook`);
    await page.getByText("No chapters found").waitFor();
    await page.getByRole("button", { name: "Add starter chapters" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Add starter chapters" }).click();
    await page.getByRole("list", { name: "Chapters" }).getByRole("listitem").first().waitFor();
    expect(await page.getByRole("button", { name: "Add starter chapters" }).count()).toBe(0);
    await choose(page, `Status of ${SOON}`, "Coming Soon");
    await page.getByText(`${SOON} is now Coming Soon`).first().waitFor();

    await page.getByRole("link", { name: "New Chapter" }).click();
    await page.getByLabel("Title", { exact: true }).fill(TITLE);
    await page.getByLabel("Description", { exact: true }).fill("Find the price people pay by testing three of them with $100 of traffic.");
    await choose(page, "Category", "Product Strategy");
    await choose(page, "Difficulty", "Intermediate");
    await choose(page, "Status", "Published");
    await page.getByLabel("Tools").fill("Stripe Payment Links, Carrd");
    await page.getByLabel("Key takeaways").fill("Price is a hypothesis\nTest three prices at once");
    await page.getByLabel("Checklist item 1", { exact: true }).fill("Pick three prices");
    await page.getByLabel("Time estimate of item 1").fill("15 min");
    for (const [n, text] of [
      [2, "Make one payment link per price"],
      [3, "Send $100 of traffic and count the checkouts"],
    ] as const) {
      await page.getByRole("button", { name: "Add item" }).click();
      await page.getByLabel(`Checklist item ${n}`, { exact: true }).fill(text);
    }
    await page
      .getByLabel("Chapter body (Markdown)")
      .fill(
        "## Why a quokka price test\n\nSplit the **traffic** evenly. [Bad link](javascript:alert(1)) and [good link](https://stripe.com).",
      );
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByRole("tabpanel");
    await preview.getByRole("heading", { name: "Why a quokka price test" }).waitFor();
    expect(await preview.getByRole("link").allInnerTexts()).toEqual(["good link"]);
    await screenshots(page, "playbook-editor");

    await page.getByRole("button", { name: "Create chapter" }).click();
    await page.getByRole("heading", { name: TITLE }).waitFor();
    await page.goto(`${server.url}/admin/playbook`);
    await page.getByRole("link", { name: `Read Chapter: ${TITLE}` }).waitFor();
    await screenshots(page, "playbook-admin");
  });

  it("lets a member search, read, tick the checklist (kept after a reload), rate and download the chapter", async () => {
    memberPage = await openPage(browser, DESKTOP);
    const page = memberPage;
    const signup = await page.request.post(`${server.url}/api/auth/signup`, { data: member, headers: { origin: server.url } });
    expect(signup.status()).toBe(201);
    await page.goto(`${server.url}/playbook`);
    await page.getByText("Free For Now").waitFor();
    await page.getByRole("link", { name: `Read Chapter: ${TITLE}` }).waitFor();
    const soon = page.getByRole("listitem").filter({ hasText: SOON });
    expect(await soon.getByRole("button", { name: "Coming Soon" }).isDisabled()).toBe(true);
    expect(await soon.getByRole("link").count()).toBe(0);
    await screenshots(page, "playbook-member");

    await page.getByLabel("Search chapters").fill("quokka");
    const cards = page.getByRole("list", { name: "Chapters" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByLabel("Search chapters").fill("no such zebra words");
    await page.getByText("No chapters found").waitFor();
    await page.getByLabel("Search chapters").fill("quokka");
    await page.getByRole("link", { name: `Read Chapter: ${TITLE}` }).click();
    await page.getByRole("heading", { name: TITLE }).waitFor();
    await page.getByText("0/3 completed").waitFor();

    await page.getByRole("checkbox", { name: "Pick three prices" }).click();
    await page.getByText("1/3 completed").waitFor();
    await page.getByRole("checkbox", { name: "Send $100 of traffic and count the checkouts" }).click();
    await page.getByText("2/3 completed").waitFor();
    await expect.poll(() => page.getByRole("checkbox", { disabled: true }).count()).toBe(0);

    await page.reload();
    await page.getByText("2/3 completed").waitFor();
    expect(await page.getByRole("checkbox", { name: "Pick three prices" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("checkbox", { name: "Make one payment link per price" }).getAttribute("aria-checked")).toBe("false");
    expect(await page.getByRole("checkbox", { name: "Send $100 of traffic and count the checkouts" }).getAttribute("aria-checked")).toBe(
      "true",
    );

    await page.getByRole("radio", { name: "4 stars" }).click();
    await page.getByText("You rated it 4/5.").waitFor();
    await page.getByText("Not rated yet (1 of 3 ratings needed)").waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe("pricing-experiments-on-a-shoestring.pdf");
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    await page.getByText("1 download", { exact: true }).waitFor();
    await screenshots(page, "playbook-chapter");

    await page.getByRole("button", { name: "Take Action" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});
