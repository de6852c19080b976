import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailTemplates, mailMessages, waitlistEntries } from "#server/db/schema/index.ts";
import { seedTemplates } from "#server/features/email-templates/service.ts";
import { useTestApp } from "../helpers/test-app";

// A join queues the welcome at once only without double opt-in; with it (the default), the welcome follows the
// confirmation (waitlist-confirm.test.ts).
const t = useTestApp({ rateLimits: false, env: { WAITLIST_CONFIRM: "off" } });

beforeEach(async () => {
  await t.db.delete(emailTemplates);
  await t.db.delete(mailMessages);
  await t.db.delete(waitlistEntries);
});

const join = (body: Record<string, unknown>) =>
  t.inject({ method: "POST", url: "/api/waitlist/join", headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });
const mailsTo = (to: string) => t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, to));

describe("the waitlist welcome mail", () => {
  it("is queued from the admins' waitlist_welcome template for a new join, and not for a welcome back", async () => {
    await seedTemplates(t.db);
    await t.db
      .update(emailTemplates)
      .set({
        subject: "Seat {{ position }} is yours, {{ name }}",
        htmlContent: "<p>{{ name }}: {{ position }}/{{ waitlistCount }} ({{ interests | join: ' & ' }})</p>",
      })
      .where(eq(emailTemplates.type, "waitlist_welcome"));
    expect((await join({ email: "first@lab.dev", name: "First" })).statusCode).toBeLessThan(300);
    expect((await join({ email: "ada@lab.dev", name: "<b>Ada</b>", interests: ["Analytics", "Community"] })).statusCode).toBeLessThan(300);

    const [mail] = await mailsTo("ada@lab.dev");
    expect(mail).toMatchObject({ subject: "Seat 2 is yours, <b>Ada</b>", status: "queued" });
    expect(mail!.htmlBody).toBe("<p>&lt;b&gt;Ada&lt;/b&gt;: 2/2 (Analytics &amp; Community)</p>");
    expect(mail!.textBody).toBe("<b>Ada</b>: 2/2 (Analytics & Community)");

    const again = await join({ email: "ada@lab.dev", name: "Ada" });
    expect(again.json<{ alreadyJoined: boolean }>().alreadyJoined).toBe(true);
    expect(await mailsTo("ada@lab.dev")).toHaveLength(1);
    expect(await t.drainMail()).toBe(2);
  });

  it("falls back to the built-in welcome when there is no template", async () => {
    await join({ email: "grace@lab.dev", name: "Grace" });
    const [mail] = await mailsTo("grace@lab.dev");
    expect(mail!.subject).toBe("You're #1 on the $100 Lab waitlist");
    expect(mail!.htmlBody).toContain("Welcome, Grace!");
    expect(mail!.textBody).toContain("You're number 1 of 1 builders on the waitlist.");
  });

  it("queues nothing for a refused join", async () => {
    const refused = await join({ email: "not-an-email" });
    expect(refused.statusCode).toBe(400);
    expect(await t.db.select().from(mailMessages)).toEqual([]);
  });
});
