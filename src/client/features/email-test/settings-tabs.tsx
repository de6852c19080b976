import { CheckCircle2 } from "lucide-react";
import { CREDENTIAL_HEADERS, type EmailTestStatus } from "#common/email-test/email-test.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { PROVIDERS } from "./providers";

/** API Settings: the site's own provider and the first 8 characters of its key, and how to call the API. */
export function ApiSettingsTab({ status }: { status: EmailTestStatus | undefined }) {
  if (!status) return <Spinner label="Loading the mail settings" />;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>The site's mail</CardTitle>
          <CardDescription>
            Set in the environment (MAIL_PROVIDER and its keys); every message the site sends goes through this.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium">Provider</dt>
            <dd className="flex flex-wrap items-center gap-2">
              {status.provider}
              <Badge variant={status.delivers ? "success" : "warning"}>
                {status.delivers ? "Delivers mail" : "Keeps mail, delivers nothing"}
              </Badge>
            </dd>
            <dt className="font-medium">API key</dt>
            <dd className="font-mono">{status.keyPrefix ? `${status.keyPrefix}…` : "none (this provider has no API key)"}</dd>
            <dt className="font-medium">Sender</dt>
            <dd className="min-w-0 break-all">{status.from}</dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Developer details</CardTitle>
          <CardDescription>Admin only. Keys go in headers, are used for one request and are never stored.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>
            <code className="font-mono">POST /api/email/send</code> with JSON{" "}
            <code className="font-mono">{"{to, from, subject, content, provider}"}</code>
          </p>
          <p>
            <code className="font-mono">POST /api/email/test-credentials</code> with JSON <code className="font-mono">{"{provider}"}</code>
          </p>
          <p className="text-ink-muted">Headers for live mode:</p>
          <ul className="flex flex-col gap-1 font-mono text-xs">
            {Object.values(CREDENTIAL_HEADERS).map((header) => (
              <li key={header}>{header}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

/** Providers: the five drivers and the settings each needs. */
export function ProvidersTab({ current }: { current: string | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Mail providers">
      {PROVIDERS.map((provider) => (
        <li key={provider.id}>
          <Card className="flex h-full flex-col">
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle as="h3">{provider.name}</CardTitle>
                {provider.id === current ? (
                  <Badge variant="success">
                    <CheckCircle2 aria-hidden="true" />
                    In use
                  </Badge>
                ) : null}
              </div>
              <CardDescription>{provider.pricing}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-3 text-sm">
              <ul className="list-disc pl-5">
                {provider.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <p className="mt-auto">
                <span className="font-medium">Settings: </span>
                {provider.settings.length === 0 ? (
                  "none (MAIL_PROVIDER=outbox or unset)"
                ) : (
                  <span className="font-mono text-xs">{[`MAIL_PROVIDER=${provider.id}`, ...provider.settings].join(", ")}</span>
                )}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
