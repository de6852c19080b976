import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "#server/features/waitlist/unsubscribe.ts";
import {
  DESKTOP,
  launchBrowser,
  lateScripts,
  screenshot,
  startServer,
  submitOnFirstCommit,
  untilHydrated,
  type RunningServer,
} from "./harness";

/*
 * The public forms as a browser sends them on its own: with scripts off, and before the scripts have run (a
 * slow phone, a password manager that fills and submits at once). Each must do what the scripted form does,
 * and no password may travel in a URL.
 */
const ADMIN = { email: "ops@example.com", password: "a long admin password" };
const UNSUBSCRIBE_SECRET = "test-unsubscribe-secret-0123456789abcdef";
const SCRIPT_DELAY_MS = 3000;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ admins: [ADMIN], env: { UNSUBSCRIBE_SECRET } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every URL the page asked for, to prove no password went into one. */
function requestedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

async function withoutScripts(work: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
  try {
    await work(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** A page whose every script arrives late (3 s): what a person does in the meantime meets the server's HTML alone. */
async function withLateScripts(work: (page: Page, context: BrowserContext) => Promise<void>, delayMs = SCRIPT_DELAY_MS) {
  const context = await lateScripts(browser, delayMs);
  try {
    await work(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const sessionCookieOf = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === "session");

describe("with scripts off", () => {
  it("signs an admin in at /login and lands on /today with a session", async () => {
    await withoutScripts(async (page, context) => {
      const urls = requestedUrls(page);
      await page.goto(`${server.url}/login`);
      expect(await page.locator("noscript").count()).toBe(0);
      await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL(`${server.url}/today`);
      expect(await sessionCookieOf(context)).toBeDefined();
      expect(urls.some((url) => url.includes(encodeURIComponent(ADMIN.password)) || url.includes("password="))).toBe(false);
    });
  });

  it("shows a wrong password's error on the page, with the email kept", async () => {
    await withoutScripts(async (page) => {
      await page.goto(`${server.url}/system/admin`);
      await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByText("Invalid email or password").waitFor();
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(ADMIN.email);
      expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
      await screenshot(page, "no-scripts-login-refused");
    });
  });

  it("signs up and is signed in", async () => {
    await withoutScripts(async (page, context) => {
      await page.goto(`${server.url}/signup`);
      await page.getByLabel("Full Name").fill("Nora Noscript");
      await page.getByLabel("Email Address").fill("nora@example.com");
      await page.getByLabel("Password", { exact: true }).fill("nora-password");
      await page.getByLabel("Confirm Password").fill("nora-password");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL(`${server.url}/`);
      expect(await sessionCookieOf(context)).toBeDefined();
    });
  });

  it("joins the waitlist with interests and sees the position; a second join says welcome back", async () => {
    await withoutScripts(async (page) => {
      await page.goto(server.url);
      const join = page.getByRole("button", { name: "Join the waitlist" });
      expect(await join.isDisabled()).toBe(false);
      await page.getByLabel("Email", { exact: true }).fill("quiet@example.com");
      await page.getByLabel("Name").fill("Quinn");
      await page.getByRole("checkbox", { name: "Analytics" }).check();
      await join.click();
      await page.getByText("You're #1 on the list").waitFor();
      await screenshot(page, "no-scripts-waitlist-joined");

      await page.goto(server.url);
      await page.getByLabel("Email", { exact: true }).fill("quiet@example.com");
      await page.getByRole("button", { name: "Join the waitlist" }).click();
      await page.getByText("Welcome back! You're still #1 on the list").waitFor();
    });
  });

  it("opens the builders join form from its link and joins", async () => {
    await withoutScripts(async (page) => {
      await page.goto(`${server.url}/builders`);
      await page.getByRole("link", { name: "Join the Community" }).click();
      await page.getByLabel("Name", { exact: true }).fill("Bo Noscript");
      await page.getByLabel("Email", { exact: true }).fill("bo@example.com");
      await page.getByRole("checkbox", { name: "Developer", exact: true }).check();
      await page.getByRole("button", { name: "Submit Profile" }).click();
      await page.getByText("Thanks for joining, Bo Noscript!").waitFor();
      await screenshot(page, "no-scripts-builders-joined");
    });
  });

  it("asks for a reset link and is told to check the mail", async () => {
    await withoutScripts(async (page) => {
      await page.goto(`${server.url}/forgot-password`);
      await page.getByLabel("Email Address").fill(ADMIN.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    });
  });

  it("confirms an unsubscribe from the mailed link", async () => {
    const joined = await fetch(`${server.url}/api/waitlist/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "leaving@example.com" }),
    });
    expect(joined.ok).toBe(true);
    const signIn = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token: adminToken } = (await signIn.json()) as { token: string };
    const list = await fetch(`${server.url}/api/waitlist/admin?q=leaving`, { headers: { authorization: `Bearer ${adminToken}` } });
    const { entries } = (await list.json()) as { entries: Array<{ id: string; email: string }> };
    const entry = entries.find((row) => row.email === "leaving@example.com")!;

    await withoutScripts(async (page) => {
      await page.goto(`${server.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(UNSUBSCRIBE_SECRET, entry.id))}`);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByText("You're unsubscribed").waitFor();
    });
  });
});

describe("before the scripts have run", () => {
  it("signs in from /login with Enter pressed at once, as with scripts, and no URL carries the password", async () => {
    await withLateScripts(async (page, context) => {
      const urls = requestedUrls(page);
      await page.goto(`${server.url}/login`, { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.getByLabel("Password", { exact: true }).press("Enter");
      await page.waitForURL(`${server.url}/today`);
      expect(await sessionCookieOf(context)).toBeDefined();
      expect(urls.filter((url) => url.includes("password"))).toEqual([]);
    });
  });

  it("signs up from /signup with Enter pressed at once", async () => {
    await withLateScripts(async (page, context) => {
      const urls = requestedUrls(page);
      await page.goto(`${server.url}/signup`, { waitUntil: "domcontentloaded" });
      await page.getByLabel("Full Name").fill("Lena Late");
      await page.getByLabel("Email Address").fill("lena@example.com");
      await page.getByLabel("Password", { exact: true }).fill("lena-password");
      await page.getByLabel("Confirm Password").fill("lena-password");
      await page.getByLabel("Confirm Password").press("Enter");
      await page.waitForURL(`${server.url}/`);
      expect(await sessionCookieOf(context)).toBeDefined();
      expect(urls.filter((url) => url.includes("password"))).toEqual([]);
    });
  });

  it("keeps what was typed before the scripts ran when Enter comes after they did", async () => {
    await withLateScripts(async (page) => {
      await page.goto(`${server.url}/login`, { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await untilHydrated(page);
      await page.getByLabel("Password", { exact: true }).press("Enter");
      await page.waitForURL(`${server.url}/today`);
      // Each of the page's chunks comes 1 s late, in turn: hydration is done within the test's time.
    }, 1000);
  });

  it("sends what was typed before the scripts ran when the submit comes the moment hydration is done: sign-in", async () => {
    await withLateScripts(async (page, context) => {
      await submitOnFirstCommit(context);
      await page.goto(`${server.url}/login`, { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.waitForURL(`${server.url}/today`);
    }, 300);
  });

  it("sends what was typed before the scripts ran when the submit comes the moment hydration is done: waitlist", async () => {
    await withLateScripts(async (page, context) => {
      await submitOnFirstCommit(context);
      await page.goto(server.url, { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email", { exact: true }).fill("prompt@example.com");
      await page.getByLabel("Name").fill("Pat Prompt");
      await page.getByRole("checkbox", { name: "Analytics" }).check();
      await page.getByText(/You're #\d+ on the list/).waitFor();
    }, 300);
  });

  it("keeps what was typed into the builders join form before the scripts ran, tags too, once they have", async () => {
    await withLateScripts(async (page) => {
      await page.goto(`${server.url}/builders?join=1#join-the-community`, { waitUntil: "domcontentloaded" });
      const name = page.getByLabel("Name", { exact: true });
      const developer = page.getByRole("checkbox", { name: "Developer", exact: true });
      await name.fill("Tia Typed");
      await page.getByLabel("Email", { exact: true }).fill("tia@example.com");
      await developer.check();
      // The join form is a part of its own: hydrated once its element carries React's props.
      await page.waitForFunction(() => {
        const form = document.querySelector("#join-the-community form");
        return form != null && Object.keys(form).some((key) => key.startsWith("__reactProps"));
      });
      // A change renders the form again from its state: what was typed must be in it.
      await page.getByLabel("Location").fill("Lisbon");
      expect(await name.inputValue()).toBe("Tia Typed");
      expect(await developer.isChecked()).toBe(true);
      await page.getByRole("button", { name: "Submit Profile" }).click();
      await page.getByText("Thanks for joining, Tia Typed!").waitFor();
    }, 300);
  });

  it("joins the waitlist from / with Enter pressed at once and sees the position", async () => {
    await withLateScripts(async (page) => {
      await page.goto(server.url, { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email", { exact: true }).fill("early@example.com");
      await page.getByLabel("Email", { exact: true }).press("Enter");
      await page.getByText(/You're #\d+ on the list/).waitFor();
    });
  });
});
