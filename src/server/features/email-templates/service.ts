import { asc, count, eq } from "drizzle-orm";
import {
  EMAIL_TEMPLATE_TYPES,
  EMAIL_TEMPLATE_VARIABLES,
  testEmailProblem,
  type EmailTemplate,
  type EmailTemplateList,
  type EmailTemplatePreview,
  type EmailTemplateSaveResult,
  type EmailTemplateSeedResult,
  type EmailTemplateTestResult,
  type EmailTemplateType,
  type TemplateData,
} from "#common/email-templates/templates.ts";
import type { EmailTemplatePreviewInput, EmailTemplateSaveInput, EmailTemplateTestInput } from "#common/email-templates/input.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { emailTemplates, waitlistEntries } from "#server/db/schema/index.ts";
import { conflict, invalid, notFound, unprocessable } from "#server/infra/errors.ts";
import { enqueueMail, sendAndWait } from "#server/infra/mail/index.ts";
import { EXAMPLE_TEMPLATES } from "./examples";
import { allowedVariables, checkTemplate, renderTemplate, type RenderedMail, type TemplateSource } from "./renderer";

/* Email templates: admins edit them (callers check the role), the product renders them into queued mail. */

export const TEMPLATE_NOT_FOUND = "Template not found";
export const WAITLIST_ENTRY_NOT_FOUND = "Waitlist entry not found";
/** How long an admin's test send waits for the provider's answer (a driver gives up after 15 s). */
export const TEST_SEND_WAIT_MS = 20_000;

type TemplateRow = typeof emailTemplates.$inferSelect;

const toTemplate = (row: TemplateRow): EmailTemplate => ({
  id: row.id,
  type: row.type,
  name: row.name,
  subject: row.subject,
  htmlContent: row.htmlContent,
  textContent: row.textContent,
  variables: row.variables,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listTemplates(db: Database): Promise<EmailTemplateList> {
  const rows = await db.select().from(emailTemplates).orderBy(asc(emailTemplates.type));
  return { templates: rows.map(toTemplate) };
}

function variablesOf(type: EmailTemplateType, requested: string[] | undefined): string[] {
  const allowed: readonly string[] = EMAIL_TEMPLATE_VARIABLES[type];
  if (!requested) return [...allowed];
  const unknown = requested.filter((name) => !allowed.includes(name));
  if (unknown.length > 0) throw invalid(`A ${type} template can use only ${allowed.join(", ")} (not ${unknown.join(", ")})`);
  return allowedVariables(type, requested);
}

/** Creates (no id) or edits a template after checking its syntax; unknown variables come back as warnings. */
export async function saveTemplate(db: Database, input: EmailTemplateSaveInput): Promise<EmailTemplateSaveResult> {
  const values = {
    type: input.type,
    name: input.name,
    subject: input.subject,
    htmlContent: input.htmlContent,
    textContent: input.textContent,
    variables: variablesOf(input.type, input.variables),
  };
  const warnings = await checkTemplate(values);
  try {
    if (!input.id) {
      const [row] = await db.insert(emailTemplates).values(values).returning();
      return { template: toTemplate(row!), warnings };
    }
    const [row] = await db.update(emailTemplates).set(values).where(eq(emailTemplates.id, input.id)).returning();
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    return { template: toTemplate(row), warnings };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`There is already a ${input.type} template: edit that one instead`);
    throw error;
  }
}

export async function deleteTemplate(db: Database, id: string): Promise<{ deleted: { id: string } }> {
  const [deleted] = await db.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning({ id: emailTemplates.id });
  if (!deleted) throw notFound(TEMPLATE_NOT_FOUND);
  return { deleted };
}

/** Writes the example of every type that has no template yet (existing ones are kept); answers the names written. */
export async function seedTemplates(db: Database): Promise<EmailTemplateSeedResult> {
  const rows = await db
    .insert(emailTemplates)
    .values(EMAIL_TEMPLATE_TYPES.map((type) => ({ ...EXAMPLE_TEMPLATES[type], variables: [...EXAMPLE_TEMPLATES[type].variables] })))
    .onConflictDoNothing({ target: emailTemplates.type })
    .returning({ name: emailTemplates.name });
  return { templates: rows.map((row) => row.name) };
}

async function findRow(db: Database, id: string): Promise<TemplateRow> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

/** The waitlist_welcome variables of one entry, as the welcome mail would get them. */
export async function waitlistEntryData(executor: Executor, entryId: string): Promise<TemplateData> {
  const [entry] = await executor
    .select({ name: waitlistEntries.name, position: waitlistEntries.position, interests: waitlistEntries.interests })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId));
  if (!entry) throw notFound(WAITLIST_ENTRY_NOT_FOUND);
  const [total] = await executor.select({ n: count() }).from(waitlistEntries);
  return { ...(entry.name ? { name: entry.name } : {}), position: entry.position, waitlistCount: total!.n, interests: entry.interests };
}

export async function previewTemplate(db: Database, input: EmailTemplatePreviewInput): Promise<EmailTemplatePreview> {
  const row = await findRow(db, input.templateId);
  const entryData = input.waitlistEntryId ? await waitlistEntryData(db, input.waitlistEntryId) : {};
  return renderTemplate(row, { ...entryData, ...input.data });
}

/**
 * Renders the template and queues it to `email` like any other mail, then waits for the worker's result:
 * sent (the provider accepted it), kept (the outbox driver: nothing left the server), or still queued when
 * the provider did not answer in time. A refusal is a 422 with the provider's reason, never a success.
 */
export async function sendTestEmail(
  db: Database,
  input: EmailTemplateTestInput,
  waitMs = TEST_SEND_WAIT_MS,
): Promise<EmailTemplateTestResult> {
  const problem = testEmailProblem(input.email);
  if (problem) throw invalid(problem);
  const rendered = await renderTemplate(await findRow(db, input.templateId), input.data);
  const { id } = await enqueueMail(db, {
    to: input.email.trim(),
    subject: `[Test] ${rendered.subject}`,
    html: rendered.html,
    text: rendered.text,
  });
  const result = await sendAndWait(db, id, waitMs);
  if (!result) throw new Error(`test mail ${id} vanished from the queue`);
  switch (result.status) {
    case "failed":
      throw unprocessable(refusalMessage(result.lastError));
    case "sent":
      return {
        status: "sent",
        message: `Sent: ${result.provider ?? "the provider"} accepted the test email.`,
        mailId: id,
        provider: result.provider,
      };
    case "kept":
      return {
        status: "kept",
        message: "Kept in the outbox: this site's mail provider is the outbox (MAIL_PROVIDER), so nothing left the server.",
        mailId: id,
        provider: result.provider,
      };
    case "queued":
    case "sending":
      return {
        status: result.status,
        message: `Still queued: the provider has not answered yet${result.lastError ? ` (last attempt: ${result.lastError})` : ""}. The queue keeps trying.`,
        mailId: id,
        provider: result.provider,
      };
  }
}

/** The provider's reason; a complaint about the recipient adds a hint to use a real address. */
function refusalMessage(reason: string | null): string {
  const message = `The mail provider refused the test email: ${reason ?? "no reason given"}`;
  return reason && INVALID_RECIPIENT.test(reason) ? `${message}. Please use a real email address you can read.` : message;
}
const INVALID_RECIPIENT = /invalid\W+to\b|recipient|mailbox|5\.1\.\d/i;

/**
 * The product's mail of a type: the admins' template, or the built-in example when there is none. Runs in the
 * caller's transaction. A stored template that fails to render (its data broke a limit) falls back too, so the
 * mail still goes out; `usedFallback` says so.
 */
export async function renderForType(
  executor: Executor,
  type: EmailTemplateType,
  data: TemplateData,
): Promise<RenderedMail & { usedFallback: boolean; fallbackReason?: string }> {
  const [row] = await executor.select().from(emailTemplates).where(eq(emailTemplates.type, type));
  const fallback: TemplateSource = EXAMPLE_TEMPLATES[type];
  if (!row) return { ...(await renderTemplate(fallback, data)), usedFallback: true };
  try {
    return { ...(await renderTemplate(row, data)), usedFallback: false };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...(await renderTemplate(fallback, data)), usedFallback: true, fallbackReason: reason };
  }
}
