// Email templates: the three types the product sends, the variables each may use (an allow-list), sample data
// for previews, and the texts of the template screens. Shared by the server and the /admin/email-templates page.

export const EMAIL_TEMPLATE_TYPES = ["waitlist_welcome", "analytics_alert", "newsletter", "waitlist_confirm"] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export const EMAIL_TEMPLATE_TYPE_LABELS: Record<EmailTemplateType, string> = {
  waitlist_welcome: "Waitlist welcome",
  analytics_alert: "Analytics alert",
  newsletter: "Newsletter",
  waitlist_confirm: "Waitlist confirmation",
};

/** Each type's default variables: the only names a template of the type can use. */
export const EMAIL_TEMPLATE_VARIABLES = {
  waitlist_welcome: ["name", "position", "waitlistCount", "interests", "referralUrl", "referrals", "manageUrl"],
  analytics_alert: ["visitorCount", "timeWindow", "timestamp", "siteUrl"],
  newsletter: ["name", "unsubscribeUrl", "manageUrl", "date"],
  /**
   * The double opt-in mail a join sends (WAITLIST_CONFIRM on); the welcome follows the confirmation. No position:
   * it is rendered before the join takes its number, so that the join's lock is held only for two inserts.
   */
  waitlist_confirm: ["name", "confirmUrl", "manageUrl"],
} as const satisfies Record<EmailTemplateType, readonly string[]>;

/** Variables whose value becomes a link: only http(s) URLs are accepted (never `javascript:`). */
export const URL_VARIABLES: ReadonlySet<string> = new Set(["siteUrl", "unsubscribeUrl", "confirmUrl", "referralUrl", "manageUrl"]);

export type TemplateValue = string | number | boolean | string[];
export type TemplateData = Record<string, TemplateValue>;

/** What a preview fills in when the editor asks for sample data. */
export const EMAIL_TEMPLATE_SAMPLE_DATA: Record<EmailTemplateType, TemplateData> = {
  waitlist_welcome: {
    name: "Ada",
    position: 42,
    waitlistCount: 318,
    interests: ["Angel Investing", "Tool Building"],
    referralUrl: "https://example.com/?ref=sample",
    referrals: 2,
    manageUrl: "https://example.com/waitlist/me?token=sample",
  },
  analytics_alert: {
    visitorCount: 3,
    timeWindow: "the last 10 minutes",
    timestamp: "2026-01-15 09:30 UTC",
    siteUrl: "https://example.com",
  },
  newsletter: {
    name: "Ada",
    unsubscribeUrl: "https://example.com/unsubscribe?token=sample",
    manageUrl: "https://example.com/waitlist/me?token=sample",
    date: "January 15, 2026",
  },
  waitlist_confirm: {
    name: "Ada",
    confirmUrl: "https://example.com/waitlist/confirm?token=sample",
    manageUrl: "https://example.com/waitlist/me?token=sample",
  },
};

export const EMAIL_TEMPLATE_FIELD_MAX = { name: 120, subject: 300, htmlContent: 100_000, textContent: 50_000 } as const;

export type EmailTemplate = {
  id: string;
  type: EmailTemplateType;
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables: string[];
  updatedAt: string;
};

export type EmailTemplateList = { templates: EmailTemplate[] };
/** A saved template and what the editor should warn about (unknown variables). */
export type EmailTemplateSaveResult = { template: EmailTemplate; warnings: string[] };
export type EmailTemplatePreview = { subject: string; html: string; text: string; warnings: string[] };
export type EmailTemplateSeedResult = { templates: string[] };

/** The outcome of a test send, from the mail queue: sent (provider accepted), kept (outbox), queued (no answer yet). */
export type EmailTemplateTestResult = {
  status: "sent" | "kept" | "queued" | "sending";
  message: string;
  mailId: string;
  provider: string | null;
};

// The validation texts of the per-template test send.
export const TEST_EMAIL_REQUIRED = "Please enter a test email address";
export const TEST_EMAIL_INVALID = "Please enter a valid email address";
export const TEST_EMAIL_RESERVED =
  "Example and test domains cannot receive mail and the mail provider refuses them. Please use a real email address.";

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 2606 / RFC 6761 names that never receive mail. */
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/** The checks of a test send's address, in order; null when the address may be used. */
export function testEmailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === "") return TEST_EMAIL_REQUIRED;
  if (!SIMPLE_EMAIL.test(trimmed)) return TEST_EMAIL_INVALID;
  if (RESERVED_DOMAIN.test(trimmed.slice(trimmed.lastIndexOf("@") + 1))) return TEST_EMAIL_RESERVED;
  return null;
}

// The page's error texts (red box).
export const EMAIL_TEMPLATE_ERRORS = {
  fetch: "Failed to fetch templates",
  save: "Failed to save template",
  delete: "Failed to delete template",
  preview: "Failed to preview template",
  seed: "Failed to seed templates",
} as const;
export const DELETE_TEMPLATE_CONFIRMATION = "Are you sure you want to delete this template?";
