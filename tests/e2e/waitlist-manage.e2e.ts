import fs from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  lastMailedLinkTo,
  launchBrowser,
  openPage,
  screenshotAtBothWidths,
  startServer,
  untilHydrated,
  type RunningServer,
} from "./harness";

/** "Manage your data" from a mail: the person sees what is stored, downloads it, and erases their entry. */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Development: the outbox logs each mail's links, which the test follows like a person clicking them.
  server = await startServer({ env: { NODE_ENV: "development" } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const manageLinkOf = (to: string) => () => lastMailedLinkTo(server, to, "/waitlist/me?token=");

describe("manage your data", () => {
  it("opens the mail's link, downloads the data as JSON, and erases the entry", async () => {
    const page = await openPage(browser);
    await page.goto(server.url);
    const joined = await page.evaluate(async () => {
      const response = await fetch("/api/waitlist/join", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "mina@lab.dev", name: "Mina" }),
      });
      return response.status;
    });
    expect(joined).toBe(201);
    await expect.poll(manageLinkOf("mina@lab.dev"), { timeout: 20_000 }).not.toBe("");

    await page.goto(manageLinkOf("mina@lab.dev")());
    await untilHydrated(page);
    await page.getByRole("heading", { name: "Your waitlist data" }).waitFor();
    await page.getByText("mina@lab.dev").waitFor();
    await screenshotAtBothWidths(page, "waitlist-manage");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data (JSON)" }).click(),
    ]);
    const saved = await download.path();
    const data = JSON.parse(await fs.readFile(saved, "utf8")) as { email: string; name: string };
    expect(data).toMatchObject({ email: "mina@lab.dev", name: "Mina" });

    await page.getByLabel("I understand that my entry will be erased for good").check();
    await page.getByRole("button", { name: "Delete me" }).click();
    await page.getByRole("heading", { name: "Your entry is erased" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "This link does not work" }).waitFor();
  });
});
