import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, screenshotAtBothWidths, signInAsAdmin, startServer, type RunningServer } from "./harness";

/** The daily plan, the trial demo (signed out at /demo and in the back office) and the vault demo. */
const admin = { email: "ops@lab.example", password: "admin-password-1", name: "Olga Ops" };

let server: RunningServer;
let browser: Browser;
let page: Page;

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(body),
  });

const progressText = () => page.getByTestId("plan-progress").innerText();
const taskCheckbox = (taskId: string) => page.locator(`[data-task-id="${taskId}"]`).getByRole("checkbox");

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  // Real state for the plan: a builder waiting for review and a new waitlist signup.
  expect((await post("/api/builders", { name: "Pat Pending", email: "pat@example.com" })).ok).toBe(true);
  expect((await post("/api/waitlist/join", { email: "wes@example.com", name: "Wes", interests: [], source: "homepage" })).ok).toBe(true);
  browser = await launchBrowser();
  page = await openPage(browser, DESKTOP);
  await signInAsAdmin(page, server, admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the daily plan", () => {
  it("shows tasks from the site's state, keeps ticks across a reload, and regenerate clears them", async () => {
    await page.getByRole("heading", { name: /^(Good morning|Good afternoon|Good evening|Working late), Olga$/ }).waitFor();
    await page.getByTestId("plan-insight").waitFor();
    await page.locator('[data-task-id="builders-pending"]').getByText("Review 1 pending builder").waitFor();
    await page.locator('[data-task-id="waitlist-welcome"]').waitFor();
    const total = await page.locator("[data-task-id]").count();
    expect(await progressText()).toBe(`0/${total} done · 0%`);

    await taskCheckbox("builders-pending").click();
    await taskCheckbox("seo-item-1").click();
    await page.getByText(`2/${total} done · ${Math.round((2 / total) * 100)}%`).waitFor();
    // Saved on the server: wait for both saves, then reload.
    await page.waitForLoadState("networkidle");
    await page.reload();
    await page.getByText(`2/${total} done`).waitFor();
    expect(await taskCheckbox("builders-pending").getAttribute("data-state")).toBe("checked");
    expect(await taskCheckbox("waitlist-welcome").getAttribute("data-state")).toBe("unchecked");
    await screenshotAtBothWidths(page, "today");

    await page.getByRole("button", { name: "Regenerate" }).click();
    await page.getByText(`0/${total} done · 0%`).waitFor();
    await page.reload();
    await page.getByText(`0/${total} done · 0%`).waitFor();
  });
});

describe("the dashboard", () => {
  it("shows every Quick Action's count and the mail queue in the status banner", async () => {
    await page.goto(`${server.url}/admin`);
    // The bundled geo data turns the banner to "needs attention" once it is more than 60 days old.
    await page.getByText(/^(All Systems Operational|Operational, needs attention: Geo data)$/).waitFor();
    await page.getByText("Mail queue").waitFor();
    await page.getByText("No failed messages in the last 24 h", { exact: false }).waitFor();
    const quickActions = page.getByRole("region", { name: "Quick Actions" });
    await quickActions.getByText("1 pending").waitFor();
    await quickActions.getByText(/^\d+ visitors?$/).waitFor();
    expect(await page.getByText("Not available yet").count()).toBe(0);
    await screenshotAtBothWidths(page, "dashboard");
  });
});

async function walkTrialDemo(
  target: Page,
  { waitForAutoAdvance, screenshots = false }: { waitForAutoAdvance: boolean; screenshots?: boolean },
) {
  const step = (n: number) => target.getByText(`Step ${n} of 11`).waitFor();
  await step(1);
  await target.getByText("Trial Experience").waitFor();
  await target.getByTestId("demo-label").getByText("Nothing is charged, stored or sent.").waitFor();
  await target.getByRole("heading", { name: "Transform Your Workflow" }).waitFor();
  await target.getByText("No credit card required • Cancel anytime • Full access").waitFor();
  await target.getByRole("button", { name: "Start Free Trial" }).click();

  await step(2);
  const continueButton = target.getByRole("button", { name: "Continue to Sign Up" });
  expect(await continueButton.isDisabled()).toBe(true);
  await target.getByText("Please fill in all the blanks above to continue.").waitFor();
  await target.getByText("Future You").waitFor();
  await target.getByLabel("Your name").fill("Rio");
  await target.getByLabel("Your goal").fill("ship my side project");
  await target.getByLabel("Your email").fill("rio@example.com");
  await target.getByText("Rio", { exact: true }).waitFor();
  await continueButton.click();

  await step(3);
  await target.getByRole("heading", { name: "Create Your Account" }).waitFor();
  expect(await target.getByLabel("Email Address").inputValue()).toBe("rio@example.com");
  await target.getByRole("button", { name: "Continue to Payment" }).click();

  await step(4);
  expect(await target.getByLabel("Card Number").inputValue()).toBe("4242 4242 4242 4242");
  expect(await target.getByLabel("Expiry (MM/YY)").inputValue()).toBe("12/34");
  expect(await target.getByLabel("CVC").inputValue()).toBe("123");
  await target.getByText("We'll only charge after your trial ends.").waitFor();
  if (screenshots) await screenshotAtBothWidths(target, "demo-payment");
  await target.getByRole("button", { name: "Start My Free Trial" }).click();

  await step(5);
  await target.getByRole("heading", { name: "Welcome Aboard!" }).waitFor();
  expect(await target.getByRole("checkbox", { name: /Auto-advance/ }).getAttribute("data-state")).toBe("unchecked");
  await target.getByRole("button", { name: "Start Using the App" }).click();

  await step(6);
  await target.getByText("Day 1 Email").waitFor();
  await target.getByText("Trial Progress: 1/7 days").waitFor();
  await target.getByText("Trial Status: 6 days remaining • Cancel anytime").waitFor();
  expect(await target.getByRole("checkbox", { name: /Auto-advance/ }).count()).toBe(0);
  // Auto-advance is on now: the next email arrives by itself after 3 s.
  if (waitForAutoAdvance) await target.getByText("Day 3 Email").waitFor({ timeout: 6000 });
  else await target.getByRole("button", { name: /^Next/ }).click();

  await step(7);
  await target.getByText("Trial Progress: 3/7 days").waitFor();
  await target.getByRole("button", { name: /^Next/ }).click();
  await target.getByText("Day 5 Email").waitFor();
  await target.getByRole("button", { name: /^Next/ }).click();
  await target.getByText("Day 6 Email").waitFor();
  await target.getByRole("heading", { name: "Your Trial Ends Tomorrow" }).waitFor();
  await target.getByText("Trial Status: 1 days remaining • Cancel anytime").waitFor();
  await target.getByRole("button", { name: /^Next/ }).click();

  await step(10);
  await target.getByRole("heading", { name: "Your Trial Ends Today" }).waitFor();
  await target.getByText("Payment Processed").waitFor();
  await target.getByRole("button", { name: "Continue Using the App" }).click();

  await step(11);
  if (screenshots) await screenshotAtBothWidths(target, "demo-thank-you");
  await target.getByRole("button", { name: "Start Over" }).click();
  await step(1);
  await target.getByRole("heading", { name: "Transform Your Workflow" }).waitFor();
}

describe("the trial demo", () => {
  it("walks the eleven steps signed out at /demo, tracked as feature_used", async () => {
    const visitor = await openPage(browser, DESKTOP);
    const tracked = visitor.waitForRequest(
      (request) => request.url().endsWith("/api/analytics/track") && (request.postData() ?? "").includes("feature_used"),
    );
    await visitor.goto(`${server.url}/demo`);
    await tracked;
    await screenshotAtBothWidths(visitor, "demo-landing");
    await visitor.getByRole("button", { name: "Start Free Trial" }).click();
    await screenshotAtBothWidths(visitor, "demo-madlibs");
    await visitor.goto(`${server.url}/demo`);
    await walkTrialDemo(visitor, { waitForAutoAdvance: true, screenshots: true });
    await visitor.close();
  });

  it("walks to Start Over at /admin/trial-demo", async () => {
    await page.goto(`${server.url}/admin/trial-demo`);
    await walkTrialDemo(page, { waitForAutoAdvance: false });
  });
});

describe("the vault demo", () => {
  it("opens its tabs and both dialogs, with inert buttons and masked sample keys", async () => {
    await page.goto(`${server.url}/admin/vault-demo`);
    await page.getByText("Demo with sample data").waitFor();
    const alertsTab = page.getByRole("tab", { name: /Alerts/ });
    expect(await alertsTab.innerText()).toMatch(/Alerts\s*3/);
    await screenshotAtBothWidths(page, "vault-demo");

    await page.getByRole("tab", { name: "Services" }).click();
    await page.getByRole("button", { name: /OpenAI/ }).click();
    const detail = page.getByRole("dialog");
    await detail.getByText("demo_••••••••••••x7Qa").waitFor();
    expect(await detail.getByRole("button", { name: "Rotate Key" }).isDisabled()).toBe(true);
    await screenshotAtBothWidths(page, "vault-demo-service");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add New Service" }).click();
    const add = page.getByRole("dialog");
    for (const service of ["AWS", "GitHub", "Twilio", "PostHog", "Auth0"]) await add.getByRole("radio", { name: service }).waitFor();
    for (const environment of ["production", "staging", "development"]) await add.getByRole("radio", { name: environment }).waitFor();
    expect(await add.getByRole("button", { name: "Add Service" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await add.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Team" }).click();
    await page.getByRole("cell", { name: "alex@example.com" }).waitFor();
    await page.getByRole("tab", { name: "Activity" }).click();
    await page.getByText("rate limited").waitFor();
    await alertsTab.click();
    await page.getByText("Rate limit reached 3 times in 24 h").waitFor();
    await page.getByRole("tab", { name: "Costs" }).click();
    await page.getByText("No cost data yet").waitFor();
  });
});
