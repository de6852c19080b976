import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/**
 * The Lab in the browser: a member signs up, creates an experiment (the form refuses more than $100), starts it,
 * logs an update, attaches an image, generates content and shares it; a signed-out visitor reads its public
 * page; the admin finds the drafts in the bangers and the same Lab pages inside the back office.
 */
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };
const TITLE = "Sell a Notion template";

let server: RunningServer;
let browser: Browser;
let page: Page;
let experimentUrl = "";

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  browser = await launchBrowser();
  page = await openPage(browser, DESKTOP);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("The Lab", () => {
  it("asks a signed-out visitor to sign in at /lab; a new member signs up and lands in the member area", async () => {
    await page.goto(`${server.url}/lab`);
    await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel("Full Name").fill("Mia Member");
    await page.getByLabel("Email Address").fill("mia@example.com");
    await page.getByLabel("Password", { exact: true }).fill("member-pass");
    await page.getByLabel("Confirm Password").fill("member-pass");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 });

    await page.goto(`${server.url}/lab`);
    await page.getByRole("heading", { level: 1, name: "The Lab" }).waitFor();
    await page.getByText("No experiments yet").waitFor();
    const nav = page.getByRole("navigation", { name: "Member area" });
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(["The Lab", "Playbook"]);
    await page.getByRole("button", { name: "Logout" }).waitFor();
  });

  it("creates an experiment with errors next to the fields, starts it and logs an update", async () => {
    await page.getByRole("button", { name: "New Experiment" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Investment amount ($)").fill("150");
    await dialog.getByRole("button", { name: "Create Experiment" }).click();
    await dialog.getByText("Title is required").waitFor();
    await dialog.getByText("Investment amount must be whole dollars from $1 to $100").waitFor();
    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByLabel("Hypothesis").fill("Builders pay $5 for a ready-made launch checklist.");
    await dialog.getByLabel("Investment amount ($)").fill("100");
    await dialog.getByLabel("Success metric").fill("10 sales");
    await dialog.getByRole("button", { name: "Create Experiment" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.waitForURL(/\/lab\/[0-9a-f-]{36}$/);
    experimentUrl = page.url();
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await page.getByText("PLANNING", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Experiment" });
    await edit.getByLabel("Success metric").fill("12 sales");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await page.getByText("12 sales", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Start Experiment" }).click();
    await page.getByText("RUNNING", { exact: true }).waitFor();
    await page.getByRole("progressbar", { name: "Day 1 of 14" }).waitFor();

    await page.getByLabel("Spend ($)").fill("120");
    await page.getByRole("button", { name: "Add Update" }).click();
    await page.getByText("Note is required").waitFor();
    await page.getByLabel("Note").fill("Posted the template on two communities.");
    await page.getByRole("button", { name: "Add Update" }).click();
    await page.getByText("Spend must be whole dollars from $0 to $100").waitFor();
    await page.getByLabel("Spend ($)").fill("20");
    await page.getByLabel("Result ($)").fill("15");
    await page.getByRole("button", { name: "Add Update" }).click();
    await page.getByRole("list", { name: "Updates" }).getByText("Day 1").waitFor();
    await page.getByText("+$15").first().waitFor();
  });

  it("attaches an image, generates content and shares the experiment's public page", async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#f59e0b" } })
      .png()
      .toBuffer();
    await page.locator("[data-testid='image-file-input']").setInputFiles({ name: "sales-proof.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Open sales-proof.png" }).waitFor();

    await page.getByRole("button", { name: "Generate Content" }).click();
    await page.getByText(`${TITLE}: LinkedIn post`).waitFor();
    await page.getByText(`${TITLE}: tweet`).waitFor();

    await page.getByRole("switch", { name: "Shared" }).click();
    await page.getByRole("button", { name: "Copy link" }).waitFor();
    await screenshotAtBothWidths(page, "lab-detail");

    const visitor = await openPage(browser, DESKTOP);
    await visitor.goto(experimentUrl);
    await visitor.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await visitor.getByText("Posted the template on two communities.").waitFor();
    await visitor.getByRole("img", { name: "sales-proof.png" }).waitFor();
    expect(await visitor.getByRole("button", { name: "Add Update" }).count()).toBe(0);
    // Visible is not loaded: wait for the browser to finish with the image, then check that it decoded.
    const image = await visitor.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("img[alt='sales-proof.png']");
      return img?.complete ? img.naturalWidth : null;
    });
    expect(await image.jsonValue()).toBeGreaterThan(0);
    await screenshotAtBothWidths(visitor, "lab-public");
    await visitor.context().close();

    await page.goto(`${server.url}/lab`);
    const card = page.getByRole("list", { name: "Your experiments" }).getByRole("listitem").filter({ hasText: TITLE });
    await card.getByText("RUNNING").waitFor();
    await card.getByRole("progressbar", { name: "Day 1 of 14" }).waitFor();
    await page.getByRole("listitem").filter({ hasText: "Total Invested" }).getByText("$20", { exact: true }).waitFor();
    await page.getByRole("listitem").filter({ hasText: "Active Experiments" }).getByText("1", { exact: true }).waitFor();
    await screenshotAtBothWidths(page, "lab-list");
    await page.getByRole("tab", { name: "Content Calendar" }).click();
    await page
      .getByRole("link", { name: new RegExp(`Start: ${TITLE}`) })
      .first()
      .waitFor();
    await screenshotAtBothWidths(page, "lab-calendar");
  });

  it("hides a private experiment from visitors, and shows the drafts to the admin in the bangers and the Lab in the back office", async () => {
    await page.goto(experimentUrl);
    await page.getByRole("switch", { name: "Shared" }).click();
    await page.getByRole("switch", { name: "Shared", checked: false }).waitFor();
    const visitor = await openPage(browser, DESKTOP);
    await visitor.goto(experimentUrl);
    await visitor.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    await visitor.context().close();

    const adminPage = await openPage(browser, DESKTOP);
    await signInAsAdmin(adminPage, server, admin);
    await adminPage.goto(`${server.url}/admin/bangers`);
    for (const kind of ["tweet", "thread", "LinkedIn post"]) await adminPage.getByText(`${TITLE}: ${kind}`).waitFor();

    await adminPage.goto(`${server.url}/admin/lab`);
    await adminPage.getByRole("heading", { level: 1, name: "The Lab" }).waitFor();
    await adminPage.getByText("No experiments yet").waitFor();
    await screenshotAtBothWidths(adminPage, "admin-lab");
    await adminPage.goto(`${server.url}/admin${new URL(experimentUrl).pathname}`);
    await adminPage.getByRole("heading", { level: 2, name: TITLE }).waitFor();
    await adminPage.getByRole("button", { name: "Generate Content" }).waitFor();
    await adminPage.getByRole("img", { name: "sales-proof.png" }).waitFor();
    await screenshotAtBothWidths(adminPage, "admin-lab-detail");
    await adminPage.context().close();
  });
});
