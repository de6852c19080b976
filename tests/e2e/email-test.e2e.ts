import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/** The email test page in test mode: a send goes through the site's queue to the outbox, and Analytics counts it. */
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };

let server: RunningServer;
let browser: Browser;
let page: Page;

const statCard = (label: string): Locator =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });

const screenshots = (name: string) => screenshotAtBothWidths(page, name);

/** Resolves with the body of the next analytics event of that name the page sends to the beacon. */
const nextEvent = (event: string) =>
  page
    .waitForRequest(
      (request) => request.url().endsWith("/api/analytics/track") && request.postData()?.includes(`"event":"${event}"`) === true,
    )
    .then(
      (request) =>
        JSON.parse(request.postData()!) as { event: string; component?: string; label?: string; properties?: Record<string, unknown> },
    );

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  browser = await launchBrowser();
  page = await openPage(browser, DESKTOP);
  await signInAsAdmin(page, server, admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("email test page", () => {
  it("sends a test email in test mode and shows it was kept in the outbox", async () => {
    await page.goto(`${server.url}/admin/email-test`);
    const send = page.getByRole("button", { name: "Send Email" });
    await expect(send.isDisabled()).resolves.toBe(true);
    await page.getByLabel("To", { exact: true }).fill("reader@example.com");
    await page.getByRole("button", { name: /Plain check/ }).click();
    await expect(page.getByLabel("Subject", { exact: true }).inputValue()).resolves.toBe("Test email from The $100 Lab");
    const sentEvent = nextEvent("email_sent");
    await send.click();
    await page.getByText("Kept in the outbox (test mode)").waitFor();
    await expect(sentEvent).resolves.toMatchObject({
      component: "EmailTestPage",
      label: "outbox",
      properties: { status: "kept", testMode: true },
    });
    await expect(page.getByRole("status").filter({ hasText: "Kept in the outbox" }).textContent()).resolves.toContain("outbox");
    await screenshots("email-test-sent");
  });

  it("counts the kept message under Analytics", async () => {
    await page.getByRole("tab", { name: "Analytics" }).click();
    await statCard("Kept in the outbox").getByText("1", { exact: true }).waitFor();
    await page.getByRole("cell", { name: "outbox" }).waitFor();
    await screenshots("email-test-analytics");
  });

  it("shows the live setup with Test Credentials disabled until a key is typed", async () => {
    await page.getByRole("tab", { name: "API Settings" }).click();
    await page.getByText("Keeps mail, delivers nothing").waitFor();
    await page.getByRole("switch", { name: "Live mode" }).click();
    const testButton = page.getByRole("button", { name: "Test Credentials" });
    await expect(testButton.isDisabled()).resolves.toBe(true);
    await page.getByRole("combobox", { name: "Provider" }).first().click();
    await page.getByRole("option", { name: "Resend" }).click();
    await page.getByLabel("Resend API key").fill("re_not_a_real_key");
    await expect(testButton.isDisabled()).resolves.toBe(false);
    await screenshots("email-test-live");
  });

  it("generates an inbound address, receives raw MIME posted to it and lists it as text only, with its headers and attachment", async () => {
    await page.getByRole("tab", { name: "Receive Email" }).click();
    await page.getByText("No mail received yet").waitFor();
    await page.getByRole("radio", { name: /Raw MIME/ }).check();
    const generatedEvent = nextEvent("webhook_generated");
    await page.getByRole("button", { name: "Generate webhook" }).click();
    await expect(generatedEvent).resolves.toMatchObject({ component: "EmailTestPage", label: "raw" });
    const shown = page.getByText(/\/api\/email\/inbound\//);
    await shown.waitFor();
    const url = (await shown.textContent())!;
    expect(url.startsWith(`${server.url}/api/email/inbound/`)).toBe(true);
    const message = [
      "From: Grace Hopper <grace@example.org>",
      "To: lab@example.com",
      "Subject: Inbound from the e2e test",
      "X-Trace: e2e-header",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>Plain words</p><img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>",
      "--b",
      'Content-Type: text/html; name="page.html"',
      'Content-Disposition: attachment; filename="page.html"',
      "",
      "<script>document.title='pwned'</script>",
      "--b--",
      "",
    ].join("\r\n");
    const response = await fetch(url, { method: "POST", headers: { "content-type": "message/rfc822" }, body: message });
    expect(response.status).toBe(200);
    const receivedEvent = nextEvent("email_received");
    await page.getByRole("button", { name: /Refresh/ }).click();
    await expect(receivedEvent).resolves.toMatchObject({ component: "EmailTestPage", label: "raw", properties: { attachments: 1 } });
    const received = page.getByRole("list", { name: "Received mail" });
    await received.getByText("Inbound from the e2e test").waitFor();
    await received.getByText("Grace Hopper <grace@example.org>").waitFor();
    await expect(page.title()).resolves.not.toBe("pwned");
    await expect(received.locator("img, script").count()).resolves.toBe(0);
    await screenshots("email-test-receive");

    await received.getByRole("button", { name: /Inbound from the e2e test/ }).click();
    const view = page.getByRole("dialog");
    await view.getByRole("list", { name: "Attachments" }).getByText("page.html").waitFor();
    await view.getByText("Headers (").click();
    await view.getByText("e2e-header").waitFor();
    const href = await view.getByRole("link", { name: "Download" }).getAttribute("href");
    const file = await page.request.get(`${server.url}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="page.html"/);
    expect(file.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    await screenshots("email-test-received-message");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await page.getByText("inactive", { exact: true }).waitFor();
    const refused = await fetch(url, { method: "POST", headers: { "content-type": "message/rfc822" }, body: message });
    expect(refused.status).toBe(404);
  });
});
