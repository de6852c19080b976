import { useState, type FormEvent } from "react";
import { Eye, Pencil, Send, Trash2 } from "lucide-react";
import {
  EMAIL_TEMPLATE_SAMPLE_DATA,
  EMAIL_TEMPLATE_TYPE_LABELS,
  testEmailProblem,
  type EmailTemplate,
  type EmailTemplateTestResult,
} from "#common/email-templates/templates.ts";
import { formatDateTime } from "#client/lib/format.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { Field } from "#client/ui/field.tsx";
import { EmailInput } from "#client/ui/input.tsx";
import { testSendFailure } from "./email-templates-texts";
import { NewsletterSend } from "./newsletter-send";

type Actions = {
  onPreview: (template: EmailTemplate) => void;
  onEdit: (template: EmailTemplate) => void;
  onDelete: (template: EmailTemplate) => void;
};

/** One template of the grid: what it is, its actions, and its own test-send input. */
export function TemplateCard({ template, onPreview, onEdit, onDelete }: { template: EmailTemplate } & Actions) {
  return (
    <li className="min-w-0">
      <Card className="flex h-full flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-2">
          <Badge variant="brand" className="self-start">
            {EMAIL_TEMPLATE_TYPE_LABELS[template.type]}
          </Badge>
          <h3 className="text-base leading-snug font-semibold break-words text-ink">{template.name}</h3>
          <p className="text-sm break-words text-ink-muted">
            <span className="font-medium text-ink">Subject:</span> {template.subject}
          </p>
          <p className="text-xs text-ink-subtle">Updated {formatDateTime(template.updatedAt)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onPreview(template)} aria-label={`Preview ${template.name}`}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
          <Button variant="outline" size="sm" onClick={() => onEdit(template)} aria-label={`Edit ${template.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700"
            onClick={() => onDelete(template)}
            aria-label={`Delete ${template.name}`}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
        {template.type === "newsletter" ? <NewsletterSend template={template} /> : null}
        <TestSend template={template} />
      </Card>
    </li>
  );
}

const RESULT_VARIANT = { sent: "success", kept: "info", queued: "warning", sending: "warning" } as const;

function TestSend({ template }: { template: EmailTemplate }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.emailTemplates.test.mutationOptions());
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<EmailTemplateTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    setFailure(null);
    const found = testEmailProblem(email);
    setProblem(found);
    if (found) return;
    try {
      setResult(await send.mutateAsync({ templateId: template.id, email: email.trim(), data: EMAIL_TEMPLATE_SAMPLE_DATA[template.type] }));
    } catch (error) {
      setFailure(testSendFailure(error));
    }
  };

  const id = `test-email-${template.id}`;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-auto flex flex-col gap-3 border-t border-line pt-4">
      <div className="flex items-end gap-2">
        <Field label="Send a test to" id={id} error={problem} className="min-w-0 flex-1">
          <EmailInput value={email} placeholder="you@yourdomain.com" onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          loading={send.isPending}
          aria-label={`Send a test of ${template.name}`}
          className={problem ? "mb-7" : undefined}
        >
          <Send aria-hidden="true" />
          Send
        </Button>
      </div>
      {result ? (
        <Alert variant={RESULT_VARIANT[result.status]} className="text-sm">
          {result.message}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variant="error" className="text-sm">
          {failure}
        </Alert>
      ) : null}
    </form>
  );
}
