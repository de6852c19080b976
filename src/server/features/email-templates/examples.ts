import { EMAIL_TEMPLATE_VARIABLES, type EmailTemplateType } from "#common/email-templates/templates.ts";
import type { TemplateSource } from "./renderer";

type Example = TemplateSource & { name: string };

const layout = (body: string) => `<!doctype html>
<html>
  <body style="margin:0;padding:24px;background:#f6f5f1;font-family:Helvetica,Arial,sans-serif;color:#1c1b18">
    <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${body}
      <p style="margin-top:32px;font-size:12px;color:#77746b">The $100 Lab: small experiments, shared in the open.</p>
    </div>
  </body>
</html>`;

/**
 * The examples "Seed Examples" writes, one per type. They are also the built-in fallback: the product sends
 * the type's example when no template of the type exists.
 */
export const EXAMPLE_TEMPLATES: Record<EmailTemplateType, Example> = {
  waitlist_welcome: {
    type: "waitlist_welcome",
    name: "Waitlist welcome",
    subject: "You're #{{ position }} on the $100 Lab waitlist",
    htmlContent: layout(`      <h1 style="font-size:22px;margin:0 0 16px">Welcome{% if name %}, {{ name }}{% endif %}!</h1>
      <p>You're number <strong>{{ position }}</strong> of {{ waitlistCount }} builders on the waitlist.</p>
      {% if interests.size > 0 %}<p>You told us you care about: {{ interests | join: ", " }}. We'll write to you about those first.</p>{% endif %}
      <p>Every experiment starts with $100 and one honest question. We'll let you know the moment the doors open.</p>
      {% if referralUrl %}<p>Move up the list: each friend who joins through your link and confirms moves you up. Your link: <a href="{{ referralUrl }}" style="color:#1c1b18">{{ referralUrl }}</a></p>
      <p><a href="https://twitter.com/intent/tweet?url={{ referralUrl | url_encode }}" style="color:#1c1b18">Share on X</a> · <a href="https://www.linkedin.com/sharing/share-offsite/?url={{ referralUrl | url_encode }}" style="color:#1c1b18">Share on LinkedIn</a></p>
      <p>{{ referrals }} {% if referrals == 1 %}person{% else %}people{% endif %} joined through your link.</p>{% endif %}
      {% if manageUrl %}<p style="font-size:12px;color:#77746b"><a href="{{ manageUrl }}" style="color:#77746b">Manage your data</a>: see what we store about you, download it, unsubscribe or delete it.</p>{% endif %}`),
    textContent: "",
    variables: EMAIL_TEMPLATE_VARIABLES.waitlist_welcome,
  },
  analytics_alert: {
    type: "analytics_alert",
    name: "Visitor alert",
    subject: "Visitor alert: {{ visitorCount }} visitors in {{ timeWindow }}",
    htmlContent: layout(`      <h1 style="font-size:22px;margin:0 0 16px">People are looking</h1>
      <p><strong>{{ visitorCount }}</strong> unique visitors in {{ timeWindow }} (as of {{ timestamp }}).</p>
      <p><a href="{{ siteUrl }}" style="color:#1c1b18">Open the site</a> or <a href="{{ siteUrl }}/admin/analytics" style="color:#1c1b18">see who they are</a></p>
      <p style="font-size:12px;color:#77746b">You get this email because you are an administrator. It is sent at most once an hour.</p>`),
    textContent: "",
    variables: EMAIL_TEMPLATE_VARIABLES.analytics_alert,
  },
  newsletter: {
    type: "newsletter",
    name: "Monthly newsletter",
    subject: "The $100 Lab, {{ date }}",
    htmlContent: layout(`      <h1 style="font-size:22px;margin:0 0 16px">Hi {{ name | default: "builder" }},</h1>
      <p>Here is what the lab tried this month, what it cost and what we learned.</p>
      <p style="font-size:12px;color:#77746b"><a href="{{ unsubscribeUrl }}" style="color:#77746b">Unsubscribe</a>{% if manageUrl %} · <a href="{{ manageUrl }}" style="color:#77746b">Manage your data</a>{% endif %}</p>`),
    textContent: "",
    variables: EMAIL_TEMPLATE_VARIABLES.newsletter,
  },
  waitlist_confirm: {
    type: "waitlist_confirm",
    name: "Waitlist confirmation",
    subject: "Confirm your place on the $100 Lab waitlist",
    htmlContent: layout(`      <h1 style="font-size:22px;margin:0 0 16px">One click to confirm{% if name %}, {{ name }}{% endif %}</h1>
      <p>You're on The $100 Lab waitlist. Confirm your address to keep your place and start moving up with your referral link.</p>
      <p><a href="{{ confirmUrl }}" style="display:inline-block;background:#1c1b18;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Confirm my email</a></p>
      <p style="font-size:12px;color:#77746b">The link works for 7 days. If you did not join, ignore this email: nothing more will be sent.</p>
      {% if manageUrl %}<p style="font-size:12px;color:#77746b"><a href="{{ manageUrl }}" style="color:#77746b">Manage your data</a>: see what we store about you, download it, unsubscribe or delete it.</p>{% endif %}`),
    textContent: "",
    variables: EMAIL_TEMPLATE_VARIABLES.waitlist_confirm,
  },
};
