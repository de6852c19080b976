import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, startServer, type RunningServer } from "./harness";

const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin" };
const waitlist = [
  { email: "alice@example.com", name: "Alice Archer", interests: ["Analytics"] },
  { email: "carol@example.com", name: "Carol Cho", interests: ["Angel Investing", "Community"] },
  { email: "dmitri@example.com", name: "Dmitri Dalton", interests: [] },
];
const builders = [
  { name: "Bea Builder", email: "bea@example.com", title: "Indie hacker", tags: ["Developer", "Designer"] },
  { name: "Hugo Hopeful", email: "hugo@example.com", tags: ["Marketer"] },
];

let server: RunningServer;
let browser: Browser;
let page: Page;

async function post(path: string, body: unknown, headers: Record<string, string> = {}, status = 201) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path} ${await response.clone().text()}`).toBe(status);
}

/** The figure of the stat card labelled `label` (cards are list items: label, figure, detail). */
const statCard = (label: string): Locator =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });

beforeAll(async () => {
  // Trusting the proxy lets the seeded visit below say where it comes from, as an edge would.
  server = await startServer({ admins: [admin], env: { TRUST_PROXY: "1" } });
  browser = await launchBrowser();
  for (const entry of waitlist) await post("/api/waitlist/join", { ...entry, source: "homepage" });
  for (const builder of builders) await post("/api/builders", builder);

  // A reader in London, through the edge (a second visitor, with a flag on the analytics page)...
  await post(
    "/api/analytics/track",
    {
      event: "page_view",
      page: "/",
      sessionId: "london-1",
      url: `${server.url}/`,
      referrer: "",
      userAgent: "",
      timestamp: new Date().toISOString(),
    },
    {
      "x-forwarded-for": "81.2.69.142",
      "cf-ipcountry": "GB",
      "cf-ipcity": "London",
      "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    },
    202,
  );
  // ...and a visitor in the browser looks at two public pages: their page views are what the dashboards count.
  const visitor = await openPage(browser, PHONE);
  await visitor.goto(server.url);
  await visitor.getByRole("heading", { level: 1 }).waitFor();
  await visitor.goto(`${server.url}/builders`);
  await visitor.getByText("Be the First to Join").first().waitFor();
  await visitor.context().close();

  page = await openPage(browser, DESKTOP);
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(`${server.url}/today`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the back office in the browser", () => {
  it("shows dashboard figures that match the seeded data", async () => {
    await page.goto(`${server.url}/admin`);
    await statCard("Waitlist").getByText("3", { exact: true }).waitFor();
    expect(await statCard("Builders").innerText()).toMatch(/\b2\b[\s\S]*2 pending review/);
    expect(await statCard("Approved").innerText()).toContain("0 approved · 0 verified");
    // The London reader, and every page the browser opened (one address, one browser): two visitors.
    expect(await statCard("Visitors").getByText("2", { exact: true }).isVisible()).toBe(true);
    await page.getByText("Carol Cho").first().waitFor();
    await screenshot(page, "admin-dashboard");
  });

  it("approves and verifies a builder, who then shows VERIFIED on /builders", async () => {
    await page.goto(`${server.url}/admin/builders`);
    await page.getByRole("button", { name: "Approve Bea Builder" }).click();
    await page.getByRole("button", { name: "Verify Bea Builder" }).click();
    await page.getByRole("button", { name: "Verify Bea Builder" }).waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add Builder" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).fill("Ivy Invited");
    await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog.getByRole("button", { name: "Add Builder" }).click();
    await dialog.getByText("Please enter a valid email address").waitFor();
    await dialog.getByLabel("Email", { exact: true }).fill("ivy@example.com");
    await dialog.getByRole("button", { name: "Add Builder" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("main").getByText("Ivy Invited").first().waitFor();
    await screenshot(page, "admin-builders");

    await page.goto(`${server.url}/admin`);
    await statCard("Approved").getByText("1 approved · 1 verified").waitFor();

    const visitor = await openPage(browser, PHONE);
    await visitor.goto(`${server.url}/builders`);
    const card = visitor.getByRole("article").filter({ hasText: "Bea Builder" });
    await card.getByText("VERIFIED").waitFor();
    await visitor.getByText("Ivy Invited").waitFor(); // added as approved
    expect(await visitor.getByText("Hugo Hopeful").count()).toBe(0); // still pending
    await screenshot(visitor, "builders-verified-phone");
    await visitor.context().close();
  });

  it("finds a waitlist entry by search", async () => {
    await page.goto(`${server.url}/admin/waitlist`);
    await page.getByText("alice@example.com").first().waitFor();
    await page.getByLabel("Search by name or email").fill("carol");
    await page.waitForFunction(() => !document.body.innerText.includes("alice@example.com"));
    expect(await page.getByText("carol@example.com").first().isVisible()).toBe(true);
    expect(await page.getByText("dmitri@example.com").count()).toBe(0);
    await screenshot(page, "admin-waitlist-search");
  });

  it("ticks an SEO checklist item, which the server keeps", async () => {
    await page.goto(`${server.url}/admin/seo-setup`);
    const first = page.getByRole("checkbox").first();
    await first.waitFor();
    expect(await first.getAttribute("aria-checked")).toBe("false");
    await first.click();
    await page.getByLabel("SEO checklist: 1 of 5 done").waitFor();
    await page.reload();
    await page.getByLabel("SEO checklist: 1 of 5 done").waitFor();
    expect(await page.getByRole("checkbox").first().getAttribute("aria-checked")).toBe("true");
    await screenshot(page, "admin-seo-setup");
  });

  it("opens the analytics dashboard in Live mode", async () => {
    await page.goto(`${server.url}/admin/analytics`);
    const live = page.getByRole("switch", { name: /Live/ });
    await live.waitFor();
    if ((await live.getAttribute("aria-checked")) !== "true") await live.click();
    await page.getByText("Refreshes every 30 s").waitFor();
    await statCard("Page Views").waitFor();
    const views = Number((await statCard("Page Views").locator("p").nth(1).innerText()).replace(/,/g, ""));
    expect(views).toBeGreaterThanOrEqual(2);
    expect(await page.getByText("/builders").first().isVisible()).toBe(true);
    expect(await page.getByText("London").first().isVisible()).toBe(true);
    expect(await page.locator('img[src*="gb"]').count()).toBeGreaterThan(0);
    await page.locator(".recharts-surface").first().waitFor(); // the chart's library loads on its own
    await screenshot(page, "admin-analytics-live");
  });
});
