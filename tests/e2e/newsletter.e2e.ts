import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WaitlistAdminList } from "#common/waitlist/admin.ts";
import { unsubscribeToken } from "#server/features/waitlist/unsubscribe.ts";
import {
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  screenshotAtBothWidths,
  signInAsAdmin,
  startServer,
  type RunningServer,
} from "./harness";

/** The newsletter in the browser: send it after a confirmation, watch it settle, unsubscribe, see the badge. */
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };
const SECRET = "newsletter-e2e-secret-0123456789abcdef";

let server: RunningServer;
let browser: Browser;
let page: Page;

const screenshots = (name: string) => screenshotAtBothWidths(page, name);

beforeAll(async () => {
  // Joins count as confirmed at once: this journey is the newsletter's, not double opt-in's.
  server = await startServer({ admins: [admin], env: { UNSUBSCRIBE_SECRET: SECRET, WAITLIST_CONFIRM: "off" } });
  browser = await launchBrowser();
  page = await openPage(browser, DESKTOP);
  await signInAsAdmin(page, server, admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("newsletter", () => {
  it("sends to the waitlist with a progress bar, and an unsubscribe shows in the waitlist admin", async () => {
    for (const body of [
      { email: "grace@lab.dev", name: "Grace" },
      { email: "hedy@lab.dev", name: "Hedy" },
    ]) {
      const status = await page.evaluate(
        async (payload) =>
          (
            await fetch("/api/waitlist/join", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(payload),
            })
          ).status,
        body,
      );
      expect(status).toBeLessThan(300);
    }
    await page.goto(`${server.url}/admin/email-templates`);
    await page.getByRole("button", { name: "Seed Examples" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Add examples" }).click();
    await page.getByRole("button", { name: "Send newsletter" }).click();
    await screenshots("newsletter-confirm");
    await page.getByRole("alertdialog").getByRole("button", { name: "Send to everyone" }).click();
    await page.getByText("2 of 2: 2 kept in the outbox").waitFor();
    await screenshots("newsletter-progress");

    const list = await page.evaluate(async () => (await (await fetch("/api/waitlist/admin?q=grace")).json()) as WaitlistAdminList);
    const token = unsubscribeToken(SECRET, list.entries[0]!.id);
    const visitor = await openPage(browser, PHONE);
    await visitor.goto(`${server.url}/unsubscribe?token=${encodeURIComponent(token)}`);
    await visitor.getByRole("heading", { name: "Unsubscribe from the newsletter?" }).waitFor();
    await screenshot(visitor, "unsubscribe-confirm-390");
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await visitor.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    await screenshot(visitor, "unsubscribe-done-390");
    await visitor.close();

    await page.goto(`${server.url}/admin/waitlist`);
    await page.getByText("Unsubscribed", { exact: true }).first().waitFor();
    await screenshots("waitlist-unsubscribed-badge");
  });
});
