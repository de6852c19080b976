import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBuilder } from "#common/builders/admin.ts";
import { DESKTOP, lastMailedLink, launchBrowser, openPage, PHONE, screenshot, startServer, type RunningServer } from "./harness";

const admin = { email: "ava@lab.example", password: "admin-password-1", name: "Ava Admin" };
const bea = { name: "Bea Avatar", email: "bea-avatar@example.com", password: "member-password-1" };
const AVATAR_SRC = /^\/uploads\/avatars\/[0-9a-f-]{36}$/;

let server: RunningServer;
let browser: Browser;
/** A landscape PNG, so the server's square crop shows. */
let portrait: Buffer;

beforeAll(async () => {
  // Development: the outbox logs the confirmation link the owner opens before editing.
  server = await startServer({ admins: [admin], env: { NODE_ENV: "development" } });
  browser = await launchBrowser();
  portrait = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
        <rect width="640" height="420" fill="url(#g)"/><circle cx="320" cy="170" r="80" fill="#fde68a"/><rect x="190" y="270" width="260" height="150" rx="90" fill="#fde68a"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The image's source, once it has loaded (naturalWidth > 0 means the browser decoded real pixels). */
async function loadedSrc(image: Locator): Promise<string> {
  await image.scrollIntoViewIfNeeded();
  await image.evaluate((element: HTMLImageElement) =>
    element.complete && element.naturalWidth > 0
      ? undefined
      : new Promise((resolve, reject) => {
          element.addEventListener("load", resolve, { once: true });
          element.addEventListener("error", () => reject(new Error(`${element.src} did not load`)), { once: true });
        }),
  );
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  return (await image.getAttribute("src")) ?? "";
}

async function api<T>(path: string, init: { method: string; body?: unknown; token?: string }): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method,
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.ok, `${path}: ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

/** What an admin does in the back office: approve the pending profile of this email. */
async function approve(email: string) {
  const { token } = await api<{ token: string }>("/api/auth/login", {
    method: "POST",
    body: { email: admin.email, password: admin.password },
  });
  const { builders } = await api<{ builders: AdminBuilder[] }>("/api/builders/admin", { method: "GET", token });
  const builder = builders.find((candidate) => candidate.email === email);
  expect(builder?.status).toBe("pending");
  await api(`/api/builders/admin?id=${builder!.id}`, { method: "PUT", body: { status: "approved" }, token });
}

const cardOf = (page: Page, name: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

describe("a builder's avatar", () => {
  it("is uploaded from the join form (a refusal shows the server's reason), previewed, removable, and sent with the profile", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${server.url}/builders`);
    await page.getByRole("link", { name: "Join the Community" }).first().click();
    const form = page.locator("form");
    const picker = form.getByRole("group", { name: "Profile photo (optional)" });
    await picker.getByRole("button", { name: "Upload photo" }).waitFor();
    const fileInput = picker.locator("input[type=file]");
    expect(await fileInput.getAttribute("accept")).toBe("image/jpeg,image/png,image/webp,image/gif,image/avif");

    // Bytes decide, not the name: a text file called .png is refused with the server's own message.
    await fileInput.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
    await picker
      .getByRole("alert")
      .getByText("This file is not a supported image. Please upload a JPEG, PNG, WebP, GIF or AVIF image.")
      .waitFor();
    expect(await picker.getByRole("img").count()).toBe(0);
    await screenshot(page, "builder-avatar-refused-phone");

    await page.getByLabel("Name", { exact: true }).fill(bea.name);
    await page.getByLabel("Email", { exact: true }).fill(bea.email);
    await page.getByLabel("Title").fill("Designer who ships");
    await fileInput.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: portrait });
    await picker.getByRole("status").getByText("Photo uploaded.").waitFor();
    expect(await picker.getByRole("alert").count()).toBe(0);
    const preview = picker.getByRole("img", { name: "Your photo" });
    const firstSrc = await loadedSrc(preview);
    expect(firstSrc).toMatch(AVATAR_SRC);
    // The server cut a square: the round preview is not a squashed landscape.
    expect(await preview.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight])).toEqual([256, 256]);

    // Remove, from the keyboard: the photo goes and the focus stays in the picker.
    await picker.getByRole("button", { name: "Remove photo" }).focus();
    await page.keyboard.press("Enter");
    expect(await picker.getByRole("img").count()).toBe(0);
    expect(await picker.getByRole("button", { name: "Upload photo" }).evaluate((element) => element === document.activeElement)).toBe(true);

    await fileInput.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: portrait });
    const chosenSrc = await loadedSrc(preview);
    expect(chosenSrc).toMatch(AVATAR_SRC);
    expect(chosenSrc).not.toBe(firstSrc);
    await picker.getByRole("button", { name: "Change photo" }).waitFor();
    await screenshot(page, "builder-avatar-join-phone");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "builder-avatar-join-desktop");

    await page.getByRole("button", { name: "Submit Profile" }).click();
    await page.getByText(`Thanks for joining, ${bea.name}!`).waitFor();
    await page.context().close();

    await approve(bea.email);
    const { builders } = await api<{ builders: Array<{ name: string; avatarUrl: string | null }> }>("/api/builders", { method: "GET" });
    expect(builders.find((builder) => builder.name === bea.name)?.avatarUrl).toBe(chosenSrc);
  });

  it("shows on the public card, named by the builder's name, with the initials when there is none or it fails to load", async () => {
    // Another builder whose avatar URL is well-formed but names no stored file: the card falls back to initials.
    await api("/api/builders", {
      method: "POST",
      body: { name: "Cy Broken", email: "cy@example.com", avatarUrl: `/uploads/avatars/${crypto.randomUUID()}` },
    });
    await approve("cy@example.com");

    for (const [viewport, label] of [
      [PHONE, "phone"],
      [DESKTOP, "desktop"],
    ] as const) {
      const page = await openPage(browser, viewport);
      await page.goto(`${server.url}/builders`);
      const card = cardOf(page, bea.name);
      const avatar = card.getByRole("img", { name: bea.name });
      expect(await loadedSrc(avatar)).toMatch(AVATAR_SRC);

      const broken = cardOf(page, "Cy Broken");
      await broken.getByText("CB", { exact: true }).waitFor();
      expect(await broken.getByRole("img").count()).toBe(0);
      await screenshot(page, `builder-avatar-card-${label}`);
      await page.context().close();
    }
  });

  it("can be removed by its owner in the edit dialog", async () => {
    const page = await openPage(browser, DESKTOP);
    const signup = await page.request.post(`${server.url}/api/auth/signup`, { data: bea, headers: { origin: server.url } });
    expect(signup.status()).toBe(201);
    // The profile is Bea's to edit once she has proven the address: she opens the link mailed at signup.
    const confirmLink = () => {
      try {
        return lastMailedLink(server, bea.email);
      } catch {
        return "";
      }
    };
    await expect.poll(confirmLink).toContain("/verify-email?token=");
    await page.goto(confirmLink());
    await page.goto(`${server.url}/builders`);
    await cardOf(page, bea.name).getByRole("button", { name: "Edit your profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit your profile" });
    const picker = dialog.getByRole("group", { name: "Profile photo (optional)" });
    expect(await loadedSrc(picker.getByRole("img", { name: "Your photo" }))).toMatch(AVATAR_SRC);
    await screenshot(page, "builder-avatar-edit-desktop");

    await picker.getByRole("button", { name: "Remove photo" }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.waitFor({ state: "detached" });
    const card = cardOf(page, bea.name);
    await card.getByText("BA", { exact: true }).waitFor();
    expect(await card.getByRole("img").count()).toBe(0);
    await page.context().close();
  });
});
