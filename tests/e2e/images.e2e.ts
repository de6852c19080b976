import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, startServer, type RunningServer } from "./harness";

const admin = { email: "ida@lab.example", password: "admin-password-1", name: "Ida Images" };
const ANNOTATION = "Stripe dashboard showing the first $12 of revenue";
const CLIPBOARD_TEXT = "Image data copied to clipboard! You can now paste this in Claude terminal.";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

type Png = { name: string; base64: string };
const png = async (name: string, color: string): Promise<Png> => {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, base64: bytes.toString("base64") };
};

/** Dispatches the DOM event a person's drop or paste makes, with a DataTransfer holding these files. */
async function dispatchFiles(kind: "dragenter" | "drop" | "paste", files: Array<Png | { name: string; text: string }>) {
  await page.evaluate(
    ({ kind, files }) => {
      const transfer = new DataTransfer();
      for (const file of files) {
        if ("text" in file) transfer.items.add(new File([file.text], file.name, { type: "text/plain" }));
        else transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: "image/png" }));
      }
      if (kind === "paste") {
        document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
        return;
      }
      const zone = document.querySelector("[aria-describedby='image-drop-zone-hint']")!;
      zone.dispatchEvent(new DragEvent("dragenter", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      if (kind === "drop") zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { kind, files },
  );
}

const imagesHeading = (count: number) => page.getByRole("heading", { name: `${count} ${count === 1 ? "image" : "images"}`, exact: true });
const testCard = (title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const progressBar = (done: number) => page.getByRole("progressbar", { name: `Image tests: ${done} of 5 complete` });

beforeAll(async () => {
  server = await startServer({ admins: [admin] });
  browser = await launchBrowser();
  page = await openPage(browser, DESKTOP);
  context = page.context();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(`${server.url}/today`);
});

// What the page showed when a step failed, to look at beside the error.
afterEach(async ({ task }) => {
  if (task.result?.state === "fail") await screenshot(page, `images-failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the image drop widget on /admin/image-test", () => {
  let sharedUrl = "";

  it("uploads two dropped images and one pasted, skips other files, and marks those tests complete", async () => {
    await page.goto(`${server.url}/admin/image-test`);
    await progressBar(0).waitFor();
    await page.getByText("How to Paste", { exact: true }).waitFor();

    // Dragging files over the zone highlights it.
    await dispatchFiles("dragenter", [await png("red-square.png", "#dc2626")]);
    await page.getByRole("button", { name: /Drop to add the images/ }).waitFor();
    await screenshot(page, "image-drop-dragging");

    await dispatchFiles("drop", [
      await png("red-square.png", "#dc2626"),
      await png("blue-square.png", "#2563eb"),
      { name: "notes.txt", text: "not an image" },
    ]);
    await imagesHeading(2).waitFor();
    await page.getByRole("button", { name: /^Drop images here/ }).waitFor();
    await testCard("Drag and Drop").getByText("Complete ·").waitFor();

    await dispatchFiles("paste", [await png("pasted.png", "#16a34a")]);
    await imagesHeading(3).waitFor();
    await testCard("Paste").getByText("Complete ·").waitFor();

    await page.locator("[data-testid='image-file-input']").setInputFiles({
      name: "chosen.png",
      mimeType: "image/png",
      buffer: Buffer.from((await png("chosen.png", "#9333ea")).base64, "base64"),
    });
    await imagesHeading(4).waitFor();
    await testCard("Choose Files").getByText("Complete ·").waitFor();
    await progressBar(3).waitFor();
    // Stored on the server: the thumbnails are served by it, not kept as data URLs.
    const sources = await page
      .getByRole("list", { name: "Images" })
      .locator("img")
      .evaluateAll((images) => images.map((image) => image.getAttribute("src")));
    expect(sources).toHaveLength(4);
    for (const source of sources) expect(source).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\/thumbnail$/);
    expect(await page.getByText("notes.txt").count()).toBe(0);
  });

  it("annotates an image, shows content ideas from it, and shares it as the documented JSON", async () => {
    await page.getByRole("button", { name: "Open red-square.png" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Annotation").fill(ANNOTATION);
    await dialog.getByRole("button", { name: "Save Annotation" }).click();
    // Saved: the button waits for the next change.
    await dialog.getByRole("button", { name: "Save Annotation", disabled: true }).waitFor();

    await dialog.getByRole("button", { name: "Share" }).click();
    await page.getByText(CLIPBOARD_TEXT).first().waitFor();
    const payload = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(["annotation", "experimentId", "imageName", "imageUrl", "shareUrl", "timestamp"]);
    expect(payload).toMatchObject({ imageName: "red-square.png", annotation: ANNOTATION, experimentId: "image-test" });
    expect(payload.shareUrl).toMatch(new RegExp(`^${server.url}/lab/image/[0-9a-f-]{36}$`));
    expect(payload.imageUrl).toMatch(new RegExp(`^${server.url}/uploads/images/[0-9a-f-]{36}$`));
    sharedUrl = payload.shareUrl as string;

    // The modal hides the page from the accessibility tree: the cards are read once it is closed.
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    const ideas = page.getByRole("region", { name: "Content Ideas from Images" });
    await ideas.getByText(`“${ANNOTATION}”`, { exact: false }).waitFor();
    // An admin saves the idea as a draft in Content Bangers; the link leads there.
    await ideas.getByRole("button", { name: "Save as draft: Results post" }).click();
    await ideas.getByText("Saved as a draft LinkedIn post").waitFor();
    expect(await ideas.getByRole("button", { name: "Save as draft: Results post" }).isDisabled()).toBe(true);
    expect(await ideas.getByRole("link", { name: "Content Bangers" }).getAttribute("href")).toBe(
      "/admin/bangers?type=linkedin&status=draft",
    );
    await testCard("Annotate").getByText("Complete ·").waitFor();
    await testCard("Share").getByText("Complete ·").waitFor();
    await page.getByRole("heading", { name: "All five feature tests complete!" }).waitFor();
    await screenshot(page, "image-test-desktop");
  });

  it("shows the server's images, the annotation and the progress again after a reload", async () => {
    await page.reload();
    await imagesHeading(4).waitFor();
    await page.getByRole("list", { name: "Images" }).getByText(ANNOTATION).waitFor();
    await progressBar(5).waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, "image-test-phone");
    await page.setViewportSize(DESKTOP);
  });

  it("opens the shared image in a fresh browser, signed out; an unshared id says so", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const visitor = await openPage(browser, viewport);
      await visitor.goto(sharedUrl);
      await visitor.getByRole("heading", { level: 1, name: "red-square.png" }).waitFor();
      await visitor.getByText(ANNOTATION).waitFor();
      const image = visitor.getByRole("img", { name: ANNOTATION });
      await image.waitFor();
      expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(320);
      await visitor.getByRole("link", { name: "Visit The $100 Lab" }).waitFor();
      await screenshot(visitor, `shared-image-${viewport.width}`);

      await visitor.goto(`${server.url}/lab/image/${randomUUID()}`);
      await visitor.getByRole("heading", { level: 1, name: "This image is not shared" }).waitFor();
      await visitor.context().close();
    }
  });

  it("keeps an image the server refuses in this browser, with the documented error text", async () => {
    // PNG by its name and type, not by its bytes: the server sniffs the content and refuses it.
    await dispatchFiles("drop", [
      { ...(await png("fake.png", "#000")), base64: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64") },
    ]);
    await page
      .getByRole("alert")
      .filter({ hasText: /^Upload failed: / })
      .first()
      .waitFor();
    await imagesHeading(5).waitFor();
    await page.getByRole("listitem").filter({ hasText: "fake.png" }).getByText("This browser only").waitFor();
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem("images_image-test") ?? "[]") as Array<{ name: string; url: string }>,
    );
    expect(stored.map((entry) => entry.name)).toEqual(["fake.png"]);
    expect(stored[0]!.url).toMatch(/^data:image\/png;base64,/);
  });

  it("keeps an image whose upload failed in this browser, and sends it again when asked", async () => {
    await page.route("**/api/images/upload", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "Storage is unavailable" }),
      }),
    );
    await dispatchFiles("drop", [await png("offline.png", "#f59e0b")]);
    await page.getByText("Upload failed: Storage is unavailable").first().waitFor();
    const item = page.getByRole("list", { name: "Images" }).getByRole("listitem").filter({ hasText: "offline.png" });
    await item.getByText("This browser only").waitFor();
    await page.unroute("**/api/images/upload");

    await item.getByRole("button", { name: "Upload offline.png again" }).click();
    await item.getByText("This browser only").waitFor({ state: "detached" });
    expect(await item.locator("img").getAttribute("src")).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\/thumbnail$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("images_image-test") ?? "[]") as Array<{ name: string }>);
    expect(stored.map((entry) => entry.name)).toEqual(["fake.png"]);
  });

  it("keeps an annotation the server could not save in this browser, and tracks the fallback", async () => {
    const tracked: Array<{ event: string; properties?: Record<string, unknown> }> = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/analytics/track")) tracked.push(JSON.parse(request.postData() ?? "{}"));
    });
    await page.route("**/api/images/annotate", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Service unavailable" }) }),
    );
    await page.getByRole("button", { name: "Open blue-square.png" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Annotation").fill("Ad spend for week one");
    await dialog.getByRole("button", { name: "Save Annotation" }).click();
    await page.getByText("Annotation save failed: Service unavailable").first().waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.unroute("**/api/images/annotate");

    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem("images_image-test") ?? "[]") as Array<{ name: string; annotation: string; stored?: string }>,
    );
    expect(stored.find((entry) => entry.name === "blue-square.png")).toMatchObject({ annotation: "Ad spend for week one", stored: "r2" });
    await expect
      .poll(() => tracked.find((event) => event.event === "annotation_saved")?.properties)
      .toEqual({ saveMethod: "localStorage_fallback" });
    // The local copy is what the widget shows, after a reload too.
    await page.reload();
    await page.getByRole("list", { name: "Images" }).getByText("Ad spend for week one").waitFor();
  });

  it("shows each file's upload progress in bytes sent", async () => {
    // A slow uplink (CDP network emulation), so the progress of a 1.5 MB image can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const noise = await sharp(Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 700, height: 700, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await page.locator("[data-testid='image-file-input']").setInputFiles({ name: "noise.png", mimeType: "image/png", buffer: noise });
    const bar = page.getByRole("progressbar", { name: /^Uploading noise\.png: \d+%$/ });
    await bar.waitFor();
    await page.waitForFunction(() => {
      const value = Number(
        document.querySelector("[role='progressbar'][aria-label^='Uploading noise.png']")?.getAttribute("aria-valuenow"),
      );
      return value > 0 && value < 100;
    });
    await page.getByText(/^\d[\d.]* (Bytes|KB|MB) of 1\.\d MB$/).waitFor();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await bar.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Open noise.png" }).waitFor();
    await cdp.detach();
  });

  it("starts over and completes the five cards by hand", async () => {
    await page.getByRole("button", { name: "Start over" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Start over" }).click();
    await progressBar(0).waitFor();
    for (const title of ["Drag and Drop", "Paste", "Choose Files", "Annotate", "Share"]) {
      await testCard(title).getByRole("button", { name: "Mark Complete" }).click();
      await testCard(title).getByText("Complete ·").waitFor();
    }
    await page.getByRole("heading", { name: "All five feature tests complete!" }).waitFor();
    await page.reload();
    await progressBar(5).waitFor();
  });
});
