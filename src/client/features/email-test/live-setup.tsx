import { useState, type ReactNode } from "react";
import { CheckCircle2, Circle, KeyRound, Send } from "lucide-react";
import { hasCredentialsFor, type CredentialTestResult, type EmailCredentials, type KeyedProvider } from "#common/email-test/email-test.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Field } from "#client/ui/field.tsx";
import { EmailInput, Input } from "#client/ui/input.tsx";
import { sendEmail, testCredentials } from "./email-test-api";
import { KeyedProviderSelect } from "./keyed-provider-select";
import { KEYED_PROVIDER_NAMES } from "./providers";
import { SendResultBanner, type SendOutcome } from "./send-result";

export type CredentialCheck =
  { state: "idle" } | { state: "testing" } | { state: "done"; result: CredentialTestResult } | { state: "error"; message: string };

type Props = {
  provider: KeyedProvider | null;
  onProviderChange: (provider: KeyedProvider) => void;
  credentials: EmailCredentials;
  onCredentialsChange: (credentials: EmailCredentials) => void;
  check: CredentialCheck;
  onCheck: (check: CredentialCheck) => void;
  testSent: boolean;
  onTestSent: () => void;
};

/** The three steps of live mode: a provider, keys the provider accepts, a test email it accepted. */
export function LiveSetup({ provider, onProviderChange, credentials, onCredentialsChange, check, onCheck, testSent, onTestSent }: Props) {
  const [to, setTo] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const keysPresent = provider !== null && hasCredentialsFor(provider, credentials);
  const credentialsValid = check.state === "done" && check.result.valid;
  const live = { on: true, credentials };

  const runCheck = async () => {
    if (!provider) return;
    onCheck({ state: "testing" });
    try {
      onCheck({ state: "done", result: await testCredentials(provider, live) });
    } catch (error) {
      onCheck({ state: "error", message: error instanceof Error ? error.message : "Credential test failed" });
    }
  };

  const sendSetupTest = async () => {
    if (!provider || !to.trim()) return;
    setSending(true);
    setOutcome(null);
    try {
      const result = await sendEmail(
        {
          to,
          from: "",
          subject: "Live setup test from The $100 Lab",
          content: `This message came through ${KEYED_PROVIDER_NAMES[provider]}.`,
          provider,
        },
        live,
      );
      setOutcome({ kind: "result", result });
      if (result.status === "sent") onTestSent();
    } catch (error) {
      setOutcome({ kind: "error", message: error instanceof Error ? error.message : "Email sending failed" });
    } finally {
      setSending(false);
    }
  };

  const field = (key: keyof EmailCredentials, label: string, secret = true) => (
    <Field label={label}>
      <Input
        type={secret ? "password" : "text"}
        autoComplete="off"
        spellCheck={false}
        value={credentials[key] ?? ""}
        onChange={(e) => {
          onCredentialsChange({ ...credentials, [key]: e.target.value });
          onCheck({ state: "idle" });
        }}
      />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Live setup</CardTitle>
        <CardDescription>
          Keys typed here are used for each request only: they are never stored or logged, and leave with this page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-5 lg:grid-cols-3">
          <Step number={1} title="Provider selected" done={provider !== null}>
            <KeyedProviderSelect value={provider} onChange={onProviderChange} />
          </Step>
          <Step number={2} title="Credentials valid" done={credentialsValid}>
            {provider === "resend" ? field("resendApiKey", "Resend API key") : null}
            {provider === "sendgrid" ? field("sendgridApiKey", "SendGrid API key") : null}
            {provider === "mailgun" ? (
              <>
                {field("mailgunApiKey", "Mailgun API key")}
                {field("mailgunDomain", "Mailgun domain", false)}
              </>
            ) : null}
            {provider === null ? <p className="text-sm text-ink-muted">Choose a provider first.</p> : null}
            <Button variant="outline" disabled={!keysPresent || check.state === "testing"} onClick={() => void runCheck()}>
              <KeyRound aria-hidden="true" />
              {check.state === "testing"
                ? "Testing…"
                : check.state === "done" && !check.result.valid
                  ? "Test Failed - Try Again"
                  : "Test Credentials"}
            </Button>
            {check.state === "done" ? (
              <Alert
                variant={check.result.valid ? "success" : "error"}
                title={check.result.valid ? "Credentials valid" : "Test Failed - Try Again"}
              >
                {check.result.valid ? check.result.message : (check.result.error ?? check.result.message)}
              </Alert>
            ) : null}
            {check.state === "error" ? (
              <Alert variant="error" title="Test Failed - Try Again">
                {check.message}
              </Alert>
            ) : null}
          </Step>
          <Step number={3} title="Test email sent" done={testSent}>
            <Field label="Send a test to">
              <EmailInput value={to} onChange={(e) => setTo(e.target.value)} placeholder="you@yourdomain.com" />
            </Field>
            <Button disabled={!provider || !keysPresent || !to.trim() || sending} onClick={() => void sendSetupTest()}>
              <Send aria-hidden="true" />
              {sending ? "Sending…" : "Send test email"}
            </Button>
            {outcome ? <SendResultBanner outcome={outcome} /> : null}
          </Step>
        </ol>
      </CardContent>
    </Card>
  );
}

function Step({ number, title, done, children }: { number: number; title: string; done: boolean; children: ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-control border border-line p-4">
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden="true" className={done ? "size-5 text-emerald-600" : "size-5 text-ink-subtle"} />
        <span>
          Step {number}: {title}
        </span>
        <span className="sr-only">{done ? "(done)" : "(to do)"}</span>
      </p>
      {children}
    </li>
  );
}
