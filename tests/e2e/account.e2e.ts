import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/**
 * The account page in the browser: a member signed in on two browsers sees both sessions on /account and ends the
 * other one, which is then signed out; the member deletes an experiment from the Lab; the owner finds the member
 * in the users admin.
 */
const owner = { email: "olive@lab.example", password: "owner-password-1", name: "Olive Owner", role: "owner" as const };
const member = { name: "Mia Member", email: "mia@example.com", password: "member-pass" };

let server: RunningServer;
let browser: Browser;
let laptop: Page;
let phone: Page;

beforeAll(async () => {
  server = await startServer({ admins: [owner] });
  browser = await launchBrowser();
  laptop = await openPage(browser, DESKTOP);
  phone = await openPage(browser, DESKTOP);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

const sessionItems = (page: Page) => page.getByRole("list", { name: "Sessions" }).getByRole("listitem");

describe("the account page", () => {
  it("shows both browsers' sessions, this one marked; ending the other signs that browser out", async () => {
    await laptop.goto(`${server.url}/signup`);
    await laptop.getByLabel("Full Name").fill(member.name);
    await laptop.getByLabel("Email Address").fill(member.email);
    await laptop.getByLabel("Password", { exact: true }).fill(member.password);
    await laptop.getByLabel("Confirm Password").fill(member.password);
    await laptop.getByRole("button", { name: "Create Account" }).click();
    await laptop.waitForURL(`${server.url}/`, { timeout: 10_000 });
    await signIn(phone, member);

    // Reached from the member header's account menu.
    await laptop.goto(`${server.url}/lab`);
    await laptop.getByRole("button", { name: `Account menu for ${member.name}` }).click();
    await laptop.getByRole("menuitem", { name: "Your account" }).click();
    await laptop.waitForURL(`${server.url}/account`);
    await laptop.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    await expect.poll(() => sessionItems(laptop).count()).toBe(2);
    const current = laptop.locator('[data-session="current"]');
    await current.getByText("This device").waitFor();
    expect(await current.innerText()).toContain("Chrome on Linux computer");
    // A reading-width column centred under the full-width header, its heading lined up with it.
    const heading = await laptop.getByRole("heading", { level: 1, name: "Your account" }).boundingBox();
    const column = await laptop.locator("#profile").boundingBox();
    const pageWidth = await laptop.evaluate(() => document.documentElement.clientWidth);
    expect(column!.width).toBeLessThanOrEqual(768);
    expect(Math.abs(column!.x - (pageWidth - column!.x - column!.width))).toBeLessThanOrEqual(1);
    expect(heading!.x).toBe(column!.x);
    await screenshotAtBothWidths(laptop, "account");

    await phone.goto(`${server.url}/account`);
    await phone.getByRole("heading", { level: 1, name: "Your account" }).waitFor();

    await laptop
      .locator('[data-session="other"]')
      .getByRole("button", { name: /^End the session of/ })
      .click();
    await expect.poll(() => sessionItems(laptop).count()).toBe(1);
    await laptop.getByText("This is the only device signed in to your account.").waitFor();

    // The other browser's next call finds its session gone: the page asks it to sign in again, and so does a reload.
    await phone.getByRole("button", { name: "Download my data" }).click();
    await phone.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    await phone.reload();
    await phone.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    await laptop.reload();
    await laptop.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
  });

  it("deletes an experiment from the Lab after a confirmation", async () => {
    await laptop.goto(`${server.url}/lab`);
    await laptop.getByRole("button", { name: "New Experiment" }).click();
    const dialog = laptop.getByRole("dialog");
    await dialog.getByLabel("Title").fill("Candle stall");
    await dialog.getByLabel("Hypothesis").fill("Neighbours buy hand-poured candles.");
    await dialog.getByLabel("Investment amount ($)").fill("60");
    await dialog.getByLabel("Success metric").fill("5 sales");
    await dialog.getByRole("button", { name: "Create Experiment" }).click();
    await laptop.waitForURL(/\/lab\/[0-9a-f-]{36}$/);
    await laptop.getByRole("heading", { level: 1, name: "Candle stall" }).waitFor();

    await laptop.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = laptop.getByRole("alertdialog", { name: "Delete this experiment?" });
    await confirm.getByRole("button", { name: "Delete experiment" }).click();
    await laptop.waitForURL(`${server.url}/lab`);
    await laptop.getByText("No experiments yet").waitFor();
  });

  it("lists the member in the owner's users admin, with a role to change", async () => {
    const admin = await openPage(browser, DESKTOP);
    await signInAsAdmin(admin, server, owner);
    await admin.goto(`${server.url}/admin/users`);
    await admin.getByRole("heading", { level: 1, name: "Users" }).waitFor();
    const row = admin.locator(`[data-user="${member.email}"]`);
    await row.getByText(member.name).waitFor();
    await row.getByRole("combobox", { name: `Role of ${member.email}` }).waitFor();
    await admin.getByRole("link", { name: /^Your account/ }).waitFor();
    await screenshotAtBothWidths(admin, "admin-users");
  });
});
