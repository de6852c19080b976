import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, openPage, lastMailedLink, launchBrowser, PHONE, screenshot, startServer, type RunningServer } from "./harness";

const admin = { email: "owner@lab.example", password: "admin-password-1", name: "Olive Owner" };
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Development: the outbox prints the reset link that a journey below follows (production never logs links).
  server = await startServer({ admins: [admin], env: { NODE_ENV: "development" } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newPage = (viewport = DESKTOP) => openPage(browser, viewport);

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("accounts in the browser", () => {
  it("signs up, shows Account Created!, and logs in automatically after 2 seconds", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/signup`);
    await screenshot(page, "signup-desktop");
    await page.getByLabel("Full Name").fill("Mia Member");
    await page.getByLabel("Email Address").fill("mia@example.com");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password").fill("other");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByText("Password must be at least 6 characters").isVisible()).toBe(true);
    await screenshot(page, "signup-errors");

    await page.getByLabel("Password", { exact: true }).fill("member-pass");
    await page.getByLabel("Confirm Password").fill("member-pass");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Account Created!").waitFor();
    expect(await page.getByText("Logging you in automatically...").isVisible()).toBe(true);
    await screenshot(page, "signup-created");
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 });
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain("mia@example.com");
    // The session token lives only in the httpOnly cookie, never in browser storage.
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "session")!;
    expect(session.httpOnly).toBe(true);
    expect(stored).not.toContain(session.value);
    await page.context().close();
  });

  it("takes an admin from sign-in to /today", async () => {
    const page = await newPage();
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(`${server.url}/today`);
    await page.getByRole("heading", { name: /^(Good morning|Good afternoon|Good evening|Working late), /, level: 1 }).waitFor();
    await screenshot(page, "admin-today");
    await page.context().close();
  });

  it("shows a member Access Denied at /admin with the role and email", async () => {
    const page = await newPage(PHONE);
    await signIn(page, "mia@example.com", "member-pass");
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/admin`);
    await page.getByText("Access Denied - You need admin privileges to access this page.").waitFor();
    expect(await page.getByText("mia@example.com").isVisible()).toBe(true);
    expect(await page.getByText("member", { exact: true }).isVisible()).toBe(true);
    await screenshot(page, "access-denied-phone");
    await page.getByRole("button", { name: "Go Home" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });

  it("resets a forgotten password with the mailed link and signs in with the new one", async () => {
    const page = await newPage(PHONE);
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel("Email", { exact: false }).fill("mia@example.com");
    await page.getByRole("button", { name: /send/i }).click();
    await page.getByText("Check Your Email").waitFor();
    await screenshot(page, "forgot-password-sent");

    // Signup mailed Mia a confirmation link earlier: wait for the reset mail itself.
    const lastLink = () => {
      try {
        return lastMailedLink(server, "mia@example.com");
      } catch {
        return "";
      }
    };
    await expect.poll(lastLink).toContain("/reset-password?token=");
    const link = lastMailedLink(server, "mia@example.com");
    expect(link).toContain("/reset-password?token=");
    await page.goto(link);
    await page.getByLabel("New Password", { exact: false }).first().fill("brand-new-pass");
    await page.getByLabel("Confirm", { exact: false }).fill("brand-new-pass");
    await screenshot(page, "reset-password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page
      .getByRole("link", { name: /sign in/i })
      .first()
      .click();
    await page.getByLabel("Email", { exact: true }).fill("mia@example.com");
    await page.getByLabel("Password", { exact: true }).fill("brand-new-pass");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });
});
