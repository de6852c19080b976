import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  launchBrowser,
  openPage,
  screenshotAtBothWidths,
  signInAsAdmin,
  startServer,
  withStoppedServerDatabase,
  type RunningServer,
} from "./harness";

/**
 * Backup and restore in the browser: create a backup (downloaded and kept in the history), wipe the waitlist
 * with SQL while the server is stopped, then restore the downloaded file (dry run, confirm) and see the rows back.
 */
// The owner: restoring a file that holds accounts asks for the owner's password.
const admin = { email: "ada@lab.example", password: "admin-password-1", name: "Ada Admin", role: "owner" as const };
const PEOPLE = ["grace@lab.dev", "linus@lab.dev", "margaret@lab.dev"];

let server: RunningServer;
let browser: Browser;
let page: Page;
let downloaded = "";

const statCard = (label: string): Locator =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  for (const email of PEOPLE) {
    const response = await fetch(`${server.url}/api/waitlist/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, name: email.split("@")[0] }),
    });
    expect(response.status).toBeLessThan(300);
  }
  browser = await launchBrowser();
  page = await openPage(browser, DESKTOP);
  await signInAsAdmin(page, server, admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (downloaded) await fs.rm(path.dirname(downloaded), { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("creates a backup, which is downloaded and listed in the history", async () => {
    await page.goto(`${server.url}/admin/backup`);
    await page.locator('[data-step="contact"][data-state="success"]').waitFor();
    // Success, or a warning while the analytics store is still empty.
    await page.locator('[data-step="health"][data-state="success"], [data-step="health"][data-state="warning"]').waitFor();
    await statCard("Waitlist").getByText("3", { exact: true }).waitFor();
    await page.getByText("A backup is recommended", { exact: true }).waitFor();
    await screenshotAtBothWidths(page, "backup-empty-history");

    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByText("No categories selected. Please select data to backup.").waitFor();
    expect(await page.getByRole("button", { name: "Create Backup" }).isDisabled()).toBe(true);
    await page.getByLabel(/^Waitlist/).check();
    await page.getByLabel(/^Accounts/).check();
    await page.getByText("This backup holds sensitive data").waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Create Backup" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^brand-backup-accounts-waitlist-\d{4}-\d{2}-\d{2}\.json$/);
    downloaded = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "backup-e2e-")), download.suggestedFilename());
    await download.saveAs(downloaded);
    const file = JSON.parse(await fs.readFile(downloaded, "utf8"));
    expect(file.meta.counts).toEqual({ users: 1, totp_credentials: 0, recovery_codes: 0, passkeys: 0, waitlist_entries: 3 });

    await page.getByText("Backup created").first().waitFor();
    await page.getByTestId("last-backup").getByText(admin.email, { exact: false }).waitFor();
    expect(await page.locator("[data-backup-id]").count()).toBe(1);
    await screenshotAtBothWidths(page, "backup-created");
  });

  it("restores the downloaded file after the waitlist was wiped: dry run, confirm, rows back", async () => {
    await server.stop({ keepData: true });
    await withStoppedServerDatabase(server.dataDir, (db) => db.execute(sql`delete from waitlist_entries`));
    server = await startServer({ dataDir: server.dataDir });

    await page.goto(`${server.url}/admin/backup`);
    await statCard("Waitlist").getByText("0", { exact: true }).waitFor();
    await page.getByLabel(/^Backup file/).setInputFiles(downloaded);
    await page.getByRole("button", { name: "Dry run" }).click();
    const dryRun = page.getByTestId("restore-dry-run");
    await dryRun.getByText("Dry run: nothing was written").waitFor();
    const waitlistRow = dryRun.getByRole("row").filter({ hasText: "waitlist_entries" });
    expect((await waitlistRow.getByRole("cell").allInnerTexts()).slice(1)).toEqual(["3", "0", "0"]);
    await screenshotAtBothWidths(page, "backup-dry-run");

    // The full backup holds the accounts: the owner confirms with their password.
    await page.getByTestId("restore-password").getByLabel("Your password").fill(admin.password);
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await page.getByTestId("restore-result").getByText("Restored", { exact: true }).waitFor();
    await statCard("Waitlist").getByText("3", { exact: true }).waitFor();
    await screenshotAtBothWidths(page, "backup-restored");

    await page.goto(`${server.url}/admin/waitlist`);
    for (const email of PEOPLE) await page.getByText(email).first().waitFor();
  });
});
