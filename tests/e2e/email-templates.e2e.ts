import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_EMAIL_INVALID, TEST_EMAIL_RESERVED } from "#common/email-templates/templates.ts";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/** Email templates in the browser: seed the examples, preview one (inert HTML), send a test into the outbox. */
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };

let server: RunningServer;
let browser: Browser;
let page: Page;

const card = (name: string): Locator => page.getByRole("list", { name: "Email templates" }).getByRole("listitem").filter({ hasText: name });

const screenshots = (name: string) => screenshotAtBothWidths(page, name);

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

describe("email templates", () => {
  it("seeds the examples after a confirmation, previews one in an inert frame and sends a test into the outbox", async () => {
    await page.goto(`${server.url}/admin/email-templates`);
    await page.getByText("No email templates yet.").waitFor();

    await page.getByRole("button", { name: "Seed Examples" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Add examples" }).click();
    await card("Waitlist welcome").waitFor();
    await expect(page.getByRole("list", { name: "Email templates" }).getByRole("listitem").count()).resolves.toBe(4);
    await screenshots("email-templates-grid");

    const joined = await page.evaluate(async () => {
      const response = await fetch("/api/waitlist/join", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "grace@lab.dev", name: "Grace" }),
      });
      return response.status;
    });
    expect(joined).toBeLessThan(300);
    await card("Waitlist welcome").getByRole("button", { name: "Preview Waitlist welcome" }).click();
    const preview = page.getByRole("dialog");
    await expect.poll(() => preview.getByTestId("preview-subject").textContent()).toBe("You're #42 on the $100 Lab waitlist");
    const frame = preview.locator("iframe[title='HTML preview']");
    await expect(frame.getAttribute("sandbox")).resolves.toBe("");
    await expect(frame.contentFrame().getByText("Welcome, Ada!").textContent()).resolves.toContain("Welcome, Ada!");
    await screenshots("email-templates-preview");

    // A real waitlist entry as the data: the welcome mail as that person got it.
    await preview.getByLabel("Data").click();
    await page.getByRole("option", { name: "#1 Grace" }).click();
    await expect.poll(() => preview.getByTestId("preview-subject").textContent()).toBe("You're #1 on the $100 Lab waitlist");
    await frame.contentFrame().getByText("Welcome, Grace!").waitFor();
    // The Close button, not Escape: the click that picks the option can land in the preview frame once the list
    // closes, and a key pressed while the frame's document has focus never reaches the dialog.
    await preview.getByRole("button", { name: "Close" }).first().click();
    await preview.waitFor({ state: "detached" });

    const newsletter = card("Monthly newsletter");
    const address = newsletter.getByLabel("Send a test to");
    const send = newsletter.getByRole("button", { name: "Send a test of Monthly newsletter" });
    await address.fill("ada@");
    await send.click();
    await newsletter.getByText(TEST_EMAIL_INVALID).waitFor();
    await address.fill("ada@example.com");
    await send.click();
    await newsletter.getByText(TEST_EMAIL_RESERVED).waitFor();
    await address.fill("ada@lab.dev");
    await send.click();
    await newsletter.getByText(/^Kept in the outbox/).waitFor();
    await screenshots("email-templates-test-sent");
  });

  it("edits a template and shows the unknown-variable warning", async () => {
    await card("Visitor alert").getByRole("button", { name: "Edit Visitor alert" }).click();
    const editor = page.getByRole("dialog");
    await editor.getByLabel("Subject").fill("{{ visitorCount }} visitors, {{ mood }}");
    await editor.getByRole("button", { name: "Save template" }).click();
    await editor.getByText(/Unknown variable "mood"/).waitFor();
    await screenshots("email-templates-editor");
    await editor.getByRole("button", { name: "Close" }).first().click();
    await card("Visitor alert").getByText("{{ visitorCount }} visitors, {{ mood }}").waitFor();
  });
});
