import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  lastMailedLinkTo,
  launchBrowser,
  openPage,
  screenshotAtBothWidths,
  startServer,
  untilHydrated,
  type RunningServer,
} from "./harness";

/**
 * The growth loop in the browser: a person joins, confirms from the mail in the outbox and shares their link;
 * a friend joins through it and confirms; the first person's welcome-back answer shows them moved up.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Development: the outbox logs each mail's links, which the journey follows like a person clicking them.
  server = await startServer({ env: { NODE_ENV: "development" } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const mailedLink = (email: string, path: string) => () => lastMailedLinkTo(server, email, path);

async function joinFromLanding(page: Page, url: string, email: string) {
  await page.goto(url);
  const join = page.getByRole("button", { name: "Join the waitlist" });
  await expect.poll(() => join.isDisabled()).toBe(true);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await join.click();
}

async function confirmFromMail(page: Page, email: string, screenshotName?: string) {
  await expect.poll(mailedLink(email, "/waitlist/confirm?token="), { timeout: 20_000 }).not.toBe("");
  await page.goto(mailedLink(email, "/waitlist/confirm?token=")());
  await untilHydrated(page);
  if (screenshotName) await screenshotAtBothWidths(page, screenshotName);
  await page.getByRole("button", { name: "Confirm my email" }).click();
}

describe("referrals", () => {
  it("joins through a referral link, confirms from the mail, and the referrer moves up", async () => {
    // Six people before the referrer: she is 7th.
    for (let i = 1; i <= 6; i++) {
      const response = await fetch(`${server.url}/api/waitlist/join`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `early-${i}@lab.dev` }),
      });
      expect(response.status).toBe(201);
    }

    const ada = await openPage(browser, DESKTOP);
    await joinFromLanding(ada, server.url, "ada@lab.dev");
    await ada.getByText("You're #7 on the list").waitFor();
    await ada.getByText("Check your inbox to confirm your email").waitFor();
    const referralUrl = await ada.getByRole("textbox", { name: "Your referral link" }).inputValue();
    expect(referralUrl).toMatch(new RegExp(`^${server.url}/\\?ref=[0-9a-f]{12}$`));
    await ada.getByText("0 people joined through your link").waitFor();
    await screenshotAtBothWidths(ada, "waitlist-success-card");

    await confirmFromMail(ada, "ada@lab.dev", "waitlist-confirm-button");
    await ada.getByRole("heading", { name: "You're confirmed! You're #7 on the list" }).waitFor();
    await screenshotAtBothWidths(ada, "waitlist-confirm-page");

    // A friend opens Ada's link in a browser of their own and joins from the landing page.
    const bob = await openPage(browser, DESKTOP);
    await joinFromLanding(bob, referralUrl, "bob@lab.dev");
    await bob.getByText("You're #8 on the list").waitFor();
    await confirmFromMail(bob, "bob@lab.dev");
    await bob.getByRole("heading", { name: "You're confirmed! You're #8 on the list" }).waitFor();

    // Ada asks again: 7 - 5 = 2, tied with the 2nd to join, and more referrals come first.
    await joinFromLanding(ada, server.url, "ada@lab.dev");
    await ada.getByText("Welcome back! You're now #2 — up from #7").waitFor();
    await ada.getByText("1 person joined through your link").waitFor();
    await ada.context().close();
    await bob.context().close();
  });
});
