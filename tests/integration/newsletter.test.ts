import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { NewsletterProgress, NewsletterSendResult } from "#common/newsletter/newsletter.ts";
import { emailTemplates, mailMessages, newsletterSends, waitlistEntries } from "#server/db/schema/index.ts";
import { entryIdOfToken, unsubscribeSecret } from "#server/features/waitlist/unsubscribe.ts";
import { entryIdOfManageToken } from "#server/features/waitlist/links.ts";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false, env: { PUBLIC_URL: "https://lab.example.com" } });
const json = { "content-type": "application/json" };

let admin: TestUser;
let templateId: string;
beforeEach(async () => {
  await t.db.delete(mailMessages);
  await t.db.delete(newsletterSends);
  await t.db.delete(waitlistEntries);
  await t.db.delete(emailTemplates);
  admin ??= await t.createUser("admin");
  const [template] = await t.db
    .insert(emailTemplates)
    .values({
      type: "newsletter",
      name: "March news",
      subject: "News for {{ name }}",
      htmlContent:
        '<p>Hi {{ name }}, {{ date }}</p><a href="{{ unsubscribeUrl }}">Unsubscribe</a> <a href="{{ manageUrl }}">Manage your data</a>',
      variables: ["name", "unsubscribeUrl", "manageUrl", "date"],
    })
    .returning();
  templateId = template!.id;
  await t.db.insert(waitlistEntries).values([
    // Confirmed addresses: a newsletter goes to those only (waitlist-confirm.test.ts has the unconfirmed).
    { email: "ada@example.com", name: "Ada", position: 1, confirmedAt: new Date() },
    { email: "grace@example.com", name: "Grace <script>x</script>", position: 2, confirmedAt: new Date() },
    { email: "gone@example.com", name: "Gone", position: 3, unsubscribedAt: new Date(), confirmedAt: new Date() },
  ]);
});

const send = (body: unknown) =>
  t.inject({ method: "POST", url: "/api/email/newsletter", headers: { ...json, ...admin.headers }, payload: JSON.stringify(body) });
const mailsOf = (sendId: string) => t.db.select().from(mailMessages).where(eq(mailMessages.newsletterSendId, sendId));

describe("newsletter send", () => {
  it("queues one mail per subscribed entry, each with its own unsubscribe link and the RFC 8058 headers", async () => {
    const response = await send({ templateId });
    expect(response.statusCode, response.body).toBe(202);
    const result = response.json<NewsletterSendResult>();
    expect(result).toMatchObject({ total: 2, queued: 2 });
    const mails = await mailsOf(result.sendId);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["ada@example.com", "grace@example.com"]);
    const entries = await t.db.select().from(waitlistEntries);
    const secret = await unsubscribeSecret(t.db, undefined);
    const links = new Set<string>();
    for (const mail of mails) {
      const entry = entries.find((e) => e.email === mail.toAddress)!;
      expect(mail.idempotencyKey).toBe(`newsletter/${result.sendId}/${entry.id}`);
      expect(mail.newsletterSendId).toBe(result.sendId);
      const link = /href="(https:\/\/lab\.example\.com\/unsubscribe\?token=[^"]+)"/.exec(mail.htmlBody!)![1]!;
      links.add(link);
      const manage = /href="https:\/\/lab\.example\.com\/waitlist\/me\?token=([^"]+)"/.exec(mail.htmlBody!)![1]!;
      expect(entryIdOfManageToken(secret, decodeURIComponent(manage))).toBe(entry.id);
      expect(entryIdOfToken(secret, decodeURIComponent(new URL(link.replaceAll("&amp;", "&")).searchParams.get("token")!))).toBe(entry.id);
      const headers = mail.headers as Record<string, string>;
      expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(headers["List-Unsubscribe"]).toMatch(/^<https:\/\/lab\.example\.com\/api\/waitlist\/unsubscribe\?token=.+>$/);
      expect(entryIdOfToken(secret, decodeURIComponent(headers["List-Unsubscribe"]!.split("token=")[1]!.slice(0, -1)))).toBe(entry.id);
    }
    expect(links.size).toBe(2);
    const grace = mails.find((mail) => mail.toAddress === "grace@example.com")!;
    expect(grace.htmlBody).toContain("Grace &lt;script&gt;");
    expect(grace.htmlBody).not.toContain("<script>");
    const [row] = await t.db.select().from(newsletterSends).where(eq(newsletterSends.id, result.sendId));
    expect(row).toMatchObject({ templateId, templateName: "March news", total: 2, createdBy: admin.user.id });
  });

  it("sending twice with the same send id queues nothing new", async () => {
    const sendId = randomUUID();
    expect((await send({ templateId, sendId })).json()).toMatchObject({ sendId, total: 2, queued: 2 });
    const again = await send({ templateId, sendId });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ sendId, total: 2, queued: 0 });
    expect(await mailsOf(sendId)).toHaveLength(2);
    expect(await t.db.select().from(newsletterSends)).toHaveLength(1);
  });

  it("follows the send's progress from the mail table through newsletter.progress and the REST twin", async () => {
    const { sendId } = (await send({ templateId })).json<NewsletterSendResult>();
    const before = await t.trpcQuery<NewsletterProgress>("newsletter.progress", { sendId }, admin.headers);
    expect(before.data).toEqual({ sendId, total: 2, queued: 2, sending: 0, sent: 0, kept: 0, failed: 0, done: false });
    await t.drainMail();
    const after = await t.inject({ method: "GET", url: `/api/email/newsletter/progress?sendId=${sendId}`, headers: admin.headers });
    // The test app's driver is the outbox: the mails are kept, never "sent".
    expect(after.json()).toEqual({ sendId, total: 2, queued: 0, sending: 0, sent: 0, kept: 2, failed: 0, done: true });
  });

  it("newsletter.send does the same as the REST path", async () => {
    const result = await t.trpcMutation<NewsletterSendResult>("newsletter.send", { templateId }, admin.headers);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ total: 2, queued: 2 });
  });

  it("refuses a template of another type, an unknown template or send, and bad ids with {error}", async () => {
    const [welcome] = await t.db
      .insert(emailTemplates)
      .values({ type: "waitlist_welcome", name: "W", subject: "S", htmlContent: "<p>x</p>", variables: ["name"] })
      .returning();
    const wrongType = await send({ templateId: welcome!.id });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ error: "Only a newsletter template can be sent to the waitlist (this one is waitlist_welcome)" });
    const unknown = await send({ templateId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Template not found" });
    const bad = await send({ templateId: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Template id must be a UUID" });
    const noSend = await t.inject({ method: "GET", url: `/api/email/newsletter/progress?sendId=${randomUUID()}`, headers: admin.headers });
    expect(noSend.statusCode).toBe(404);
    expect(noSend.json()).toEqual({ error: "Newsletter send not found" });
    expect(await t.db.select().from(mailMessages)).toHaveLength(0);
  });
});
