import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  EMAIL_TEMPLATE_SAMPLE_DATA,
  TEST_EMAIL_INVALID,
  TEST_EMAIL_REQUIRED,
  TEST_EMAIL_RESERVED,
  type EmailTemplate,
  type EmailTemplateList,
  type EmailTemplatePreview,
  type EmailTemplateSaveResult,
  type EmailTemplateSeedResult,
  type EmailTemplateTestResult,
} from "#common/email-templates/templates.ts";
import { emailTemplates, mailMessages } from "#server/db/schema/index.ts";
import { mailWorkerFor } from "../helpers/mail";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });
const json = { "content-type": "application/json" };

let admin: TestUser;
beforeEach(async () => {
  await t.db.delete(emailTemplates);
  await t.db.delete(mailMessages);
  admin ??= await t.createUser("admin");
});

const post = (url: string, body: unknown) =>
  t.inject({ method: "POST", url, headers: { ...json, ...admin.headers }, payload: JSON.stringify(body) });
const list = async () =>
  (await t.inject({ method: "GET", url: "/api/email/templates", headers: admin.headers })).json<EmailTemplateList>().templates;
const seed = async () => {
  const response = await post("/api/email/templates/seed", {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmailTemplateSeedResult>();
};
const templateOf = async (type: string): Promise<EmailTemplate> => (await list()).find((template) => template.type === type)!;
const save = (body: Record<string, unknown>) =>
  post("/api/email/templates", {
    type: "waitlist_welcome",
    name: "Welcome",
    subject: "Hi {{ name }}",
    htmlContent: "<p>Hi {{ name }}, #{{ position }}</p>",
    ...body,
  });
const preview = (templateId: string, data?: unknown) => post("/api/email/templates/preview", { templateId, data });

describe("email templates: who may call", () => {
  it("lets only admins and owners use the REST paths", async () => {
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/email/templates" });
    await expectAdminOnlyRest(t, { method: "POST", url: "/api/email/templates/seed", headers: json, payload: "{}" });
    const id = (await templateOf("newsletter")).id;
    await expectAdminOnlyRest(t, {
      method: "POST",
      url: "/api/email/templates/preview",
      headers: json,
      payload: JSON.stringify({ templateId: id, data: {} }),
    });
    await expectAdminOnlyRest(t, (caller) => ({
      method: "POST",
      url: "/api/email/templates",
      headers: json,
      payload: JSON.stringify({ id, type: "newsletter", name: `By ${caller}`, subject: "S", htmlContent: "<p>x</p>" }),
    }));
    expect((await templateOf("newsletter")).name).toMatch(/^By (owner|admin)$/);
  });

  it("lets only admins and owners call every emailTemplates procedure", async () => {
    await expectAdminOnlyProcedure(t, { type: "query", path: "emailTemplates.list" });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "emailTemplates.seed" });
    const id = (await templateOf("waitlist_welcome")).id;
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "emailTemplates.preview", input: { templateId: id, data: {} } });
  });
});

describe("CRUD and seed", () => {
  it("seeds one example per type, then keeps what exists", async () => {
    expect((await seed()).templates).toEqual(["Waitlist welcome", "Visitor alert", "Monthly newsletter", "Waitlist confirmation"]);
    const templates = await list();
    expect(templates.map((template) => template.type)).toEqual(["waitlist_welcome", "analytics_alert", "newsletter", "waitlist_confirm"]);
    expect(templates[0]!.variables).toEqual(["name", "position", "waitlistCount", "interests", "referralUrl", "referrals", "manageUrl"]);
    expect((await seed()).templates).toEqual([]);
  });

  it("creates, edits and deletes a template, through REST and tRPC alike", async () => {
    const created = await save({ textContent: "  " });
    expect(created.statusCode, created.body).toBe(201);
    const { template, warnings } = created.json<EmailTemplateSaveResult>();
    expect(template).toMatchObject({
      type: "waitlist_welcome",
      name: "Welcome",
      textContent: "",
      variables: ["name", "position", "waitlistCount", "interests", "referralUrl", "referrals", "manageUrl"],
    });
    expect(warnings).toEqual([]);

    const edited = await save({ id: template.id, name: "Welcome v2", subject: "Hello {{ nickname }}" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<EmailTemplateSaveResult>().warnings).toEqual([
      'Unknown variable "nickname": a waitlist_welcome template can use name, position, waitlistCount, interests, referralUrl, referrals, manageUrl. It will render empty.',
    ]);
    const viaTrpc = await t.trpcQuery<EmailTemplateList>("emailTemplates.list", undefined, admin.headers);
    expect(viaTrpc.data.templates.map((row) => row.name)).toEqual(["Welcome v2"]);

    expect((await save({ name: "Second" })).json()).toEqual({
      error: "There is already a waitlist_welcome template: edit that one instead",
    });
    const removed = await t.inject({ method: "DELETE", url: `/api/email/templates?id=${template.id}`, headers: admin.headers });
    expect(removed.json()).toEqual({ deleted: { id: template.id } });
    const again = await t.inject({ method: "DELETE", url: `/api/email/templates?id=${template.id}`, headers: admin.headers });
    expect([again.statusCode, again.json()]).toEqual([404, { error: "Template not found" }]);
  });

  it("refuses bad templates with a clear message", async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ type: "promo" }, 400, /^Type must be one of: waitlist_welcome, analytics_alert, newsletter, waitlist_confirm$/],
      [{ name: "  " }, 400, /^Name is required$/],
      [{ htmlContent: "<p>{% if name %}</p>" }, 400, /^HTML content: tag {% if name %} not closed/],
      [{ subject: "{{ name | shout }}" }, 400, /^Subject: undefined filter: shout/],
      [
        { variables: ["name", "password"] },
        400,
        /^A waitlist_welcome template can use only name, position, waitlistCount, interests, referralUrl, referrals, manageUrl \(not password\)$/,
      ],
      [{ id: "not-a-uuid" }, 400, /^Template id must be a UUID$/],
      [{ id: "00000000-0000-4000-8000-000000000000" }, 404, /^Template not found$/],
    ];
    for (const [body, status, message] of cases) {
      const response = await save(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
    const notJson = await t.inject({
      method: "POST",
      url: "/api/email/templates/preview",
      headers: { ...json, ...admin.headers },
      payload: "[1]",
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe("preview", () => {
  it("renders the sample data into subject, HTML and a text part generated from the HTML", async () => {
    await seed();
    const { id } = await templateOf("waitlist_welcome");
    const response = await preview(id, EMAIL_TEMPLATE_SAMPLE_DATA.waitlist_welcome);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<EmailTemplatePreview>();
    expect(result.subject).toBe("You're #42 on the $100 Lab waitlist");
    expect(result.html).toContain("Welcome, Ada!");
    expect(result.html).toContain("Angel Investing, Tool Building");
    expect(result.text).toContain("You're number 42 of 318 builders on the waitlist.");
    expect(result.text).not.toMatch(/<|&amp;/);
    expect(result.warnings).toEqual([]);
  });

  it("never crashes on missing data: it renders empty and says what was missing", async () => {
    await seed();
    const { id } = await templateOf("waitlist_welcome");
    const result = (await preview(id)).json<EmailTemplatePreview>();
    expect(result.subject).toBe("You're # on the $100 Lab waitlist");
    expect(result.html).toContain('<h1 style="font-size:22px;margin:0 0 16px">Welcome!</h1>');
    expect(result.warnings).toEqual(
      expect.arrayContaining(['Missing data for "position": it renders empty.', 'Missing data for "name": it renders empty.']),
    );
    const extra = (await preview(id, { secret: "x" })).json<EmailTemplatePreview>();
    expect(extra.warnings).toContain('Ignored data "secret": not a variable of this template.');
  });

  it("escapes variables in the HTML part: a <script> arrives as text", async () => {
    const { template } = (await save({ htmlContent: '<p title="{{ name }}">{{ name }}</p>' })).json<EmailTemplateSaveResult>();
    const result = (await preview(template.id, { name: '<script>alert("x")</script>' })).json<EmailTemplatePreview>();
    expect(result.html).toBe(
      '<p title="&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;">&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;</p>',
    );
    expect(result.text).toBe('<script>alert("x")</script>');
  });

  it("refuses a javascript: URL in a URL-valued variable", async () => {
    await seed();
    const { id } = await templateOf("analytics_alert");
    const response = await preview(id, { ...EMAIL_TEMPLATE_SAMPLE_DATA.analytics_alert, siteUrl: "javascript:alert(1)" });
    expect([response.statusCode, response.json()]).toEqual([400, { error: "siteUrl must be an http or https URL" }]);
    const ok = (await preview(id, EMAIL_TEMPLATE_SAMPLE_DATA.analytics_alert)).json<EmailTemplatePreview>();
    expect(ok.html).toContain('<a href="https://example.com"');
    expect(ok.text).toContain("Open the site (https://example.com)");
  });

  it("reads nothing from the disk", async () => {
    const { template } = (await save({ htmlContent: "{% include '/etc/passwd' %}" })).json<EmailTemplateSaveResult>();
    const response = await preview(template.id, {});
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^The template could not be rendered: /);
    expect(response.body).not.toContain("root:");
  });

  it("fills the data from a real waitlist entry", async () => {
    await seed();
    const joined = await t.inject({
      method: "POST",
      url: "/api/waitlist/join",
      headers: json,
      payload: JSON.stringify({ email: "grace@lab.dev", name: "Grace", interests: ["Analytics"] }),
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const [entry] = await t.db.query.waitlistEntries.findMany({ where: (row, { eq: is }) => is(row.email, "grace@lab.dev") });
    const { id } = await templateOf("waitlist_welcome");
    const response = await post("/api/email/templates/preview", { templateId: id, waitlistEntryId: entry!.id });
    const result = response.json<EmailTemplatePreview>();
    expect(result.subject).toBe(`You're #${entry!.position} on the $100 Lab waitlist`);
    expect(result.html).toContain("Welcome, Grace!");
    expect(result.html).toContain("Analytics");
  });
});

describe("test send", () => {
  it("queues the mail and answers what happened: kept in the outbox", async () => {
    await seed();
    const { id } = await templateOf("newsletter");
    const pending = post("/api/email/templates/test", {
      templateId: id,
      email: " ada@lab.dev ",
      data: EMAIL_TEMPLATE_SAMPLE_DATA.newsletter,
    });
    // No worker runs in the tests: drain the queue as main.ts's worker would, once the mail is there.
    while ((await t.drainMail()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const response = await pending;
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<EmailTemplateTestResult>();
    expect(result).toMatchObject({ status: "kept", provider: "outbox" });
    expect(result.message).toMatch(/^Kept in the outbox/);
    const [mail] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, result.mailId));
    expect(mail).toMatchObject({ toAddress: "ada@lab.dev", subject: "[Test] The $100 Lab, January 15, 2026", status: "kept" });
    expect(mail!.htmlBody).toContain("Hi Ada,");
    expect(mail!.textBody).toContain("Unsubscribe (https://example.com/unsubscribe?token=sample)");
  });

  it("answers a provider's acceptance as sent, and its refusal as a failure with the provider's reason", async () => {
    const answers = [
      { status: 200, body: { id: "re-42" } },
      { status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." } },
    ];
    const provider = http.createServer((request, response) => {
      request.resume().on("end", () => {
        const answer = answers.shift()!;
        response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    const resend = mailWorkerFor(t, {
      MAIL_PROVIDER: "resend",
      RESEND_API_KEY: "re_test",
      MAIL_API_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
    });
    try {
      await seed();
      const { id } = await templateOf("newsletter");
      const send = async () => {
        const pending = post("/api/email/templates/test", {
          templateId: id,
          email: "ada@lab.dev",
          data: EMAIL_TEMPLATE_SAMPLE_DATA.newsletter,
        });
        while ((await resend.worker.drain()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        return pending;
      };
      const sent = await send();
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json<EmailTemplateTestResult>()).toMatchObject({
        status: "sent",
        provider: "resend",
        message: "Sent: resend accepted the test email.",
      });
      const refused = await send();
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<{ error: string }>().error).toMatch(
        /^The mail provider refused the test email: .*Invalid `to` field\..*\. Please use a real email address you can read\.$/,
      );
    } finally {
      await resend.close();
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  it("refuses a missing, malformed or reserved address with the documented texts, queueing nothing", async () => {
    await seed();
    const { id } = await templateOf("newsletter");
    const cases: Array<[unknown, string]> = [
      [undefined, TEST_EMAIL_REQUIRED],
      ["  ", TEST_EMAIL_REQUIRED],
      ["ada@", TEST_EMAIL_INVALID],
      ["ada@example.com", TEST_EMAIL_RESERVED],
      ["ada@mail.example.org", TEST_EMAIL_RESERVED],
      ["ada@lab.test", TEST_EMAIL_RESERVED],
    ];
    for (const [email, message] of cases) {
      const response = await post("/api/email/templates/test", { templateId: id, email, data: {} });
      expect([response.statusCode, response.json()], String(email)).toEqual([400, { error: message }]);
    }
    expect(await t.db.select().from(mailMessages)).toEqual([]);
  });
});
