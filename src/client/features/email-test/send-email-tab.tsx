import { useState, type FormEvent } from "react";
import { FileText, Send } from "lucide-react";
import type { EmailTestStatus, KeyedProvider } from "#common/email-test/email-test.ts";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Field } from "#client/ui/field.tsx";
import { EmailInput, Input } from "#client/ui/input.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { sendEmail, type Live } from "./email-test-api";
import { KeyedProviderSelect } from "./keyed-provider-select";
import { KEYED_PROVIDER_NAMES } from "./providers";
import { SendResultBanner, type SendOutcome } from "./send-result";

/** Starting points for a test message (each with an id, name, subject and content). */
const TEST_TEMPLATES = [
  { id: "plain", name: "Plain check", subject: "Test email from The $100 Lab", content: "If you can read this, the site's mail works." },
  {
    id: "welcome",
    name: "Welcome preview",
    subject: "Welcome to The $100 Lab",
    content: "Thanks for joining the waitlist. We will write when the next $100 experiment opens.",
  },
  {
    id: "alert",
    name: "Visitor alert",
    subject: "Visitors are on the site right now",
    content: "Several people visited in the last 10 minutes. Open the analytics dashboard to see where they came from.",
  },
] as const;

type Props = {
  live: Live;
  provider: KeyedProvider;
  onProviderChange: (provider: KeyedProvider) => void;
  status: EmailTestStatus | undefined;
  onSent: () => void;
};

/** Send Email: the form (to, from, subject, content, provider), the templates and the results banner. */
export function SendEmailTab({ live, provider, onProviderChange, status, onSent }: Props) {
  const [form, setForm] = useState({ to: "", from: "", subject: "", content: "" });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const canSend = form.to.trim() !== "" && form.subject.trim() !== "" && !sending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    setSending(true);
    setOutcome(null);
    try {
      setOutcome({ kind: "result", result: await sendEmail({ ...form, provider }, live) });
      onSent();
    } catch (error) {
      setOutcome({ kind: "error", message: error instanceof Error ? error.message : "Email sending failed" });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Send a test email</CardTitle>
          <CardDescription>
            {live.on
              ? `Live mode: sent straight to ${KEYED_PROVIDER_NAMES[provider]} with the keys you typed (used for this request only, never stored).`
              : `Test mode: goes through the site's own queue and provider (${status?.provider ?? "…"}), and shows what really happened.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="To">
                <EmailInput
                  required
                  value={form.to}
                  onChange={(e) => setForm({ ...form, to: e.target.value })}
                  placeholder="you@yourdomain.com"
                />
              </Field>
              <Field label="From" optional hint={status ? `Empty: the site's sender, ${status.from}` : undefined}>
                <Input
                  value={form.from}
                  onChange={(e) => setForm({ ...form, from: e.target.value })}
                  placeholder="Lab <lab@yourdomain.com>"
                  autoComplete="off"
                />
              </Field>
            </div>
            <Field label="Subject">
              <Input required value={form.subject} onChange={(e) => setForm({ ...form, subject: e.target.value })} />
            </Field>
            <Field label="Message">
              <Textarea required rows={6} value={form.content} onChange={(e) => setForm({ ...form, content: e.target.value })} />
            </Field>
            <KeyedProviderSelect
              value={provider}
              onChange={onProviderChange}
              hint={live.on ? undefined : "Used in live mode; test mode uses the site's own provider."}
              className="sm:w-60"
            />
            <div>
              <Button type="submit" disabled={!canSend}>
                <Send aria-hidden="true" />
                {sending ? "Sending…" : "Send Email"}
              </Button>
            </div>
            {outcome ? <SendResultBanner outcome={outcome} /> : null}
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Templates</CardTitle>
          <CardDescription>Fill the form with a ready message.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-2">
            {TEST_TEMPLATES.map((template) => (
              <li key={template.id}>
                <button
                  type="button"
                  className="focus-ring flex w-full items-start gap-3 rounded-control border border-line p-3 text-left hover:bg-sunken"
                  onClick={() => setForm({ ...form, subject: template.subject, content: template.content })}
                >
                  <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold">{template.name}</span>
                    <span className="block truncate text-sm text-ink-muted">{template.subject}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
