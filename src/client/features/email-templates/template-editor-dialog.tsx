import { useState, type FormEvent } from "react";
import {
  EMAIL_TEMPLATE_ERRORS,
  EMAIL_TEMPLATE_FIELD_MAX,
  EMAIL_TEMPLATE_TYPE_LABELS,
  EMAIL_TEMPLATE_TYPES,
  EMAIL_TEMPLATE_VARIABLES,
  type EmailTemplate,
  type EmailTemplateType,
} from "#common/email-templates/templates.ts";
import { emailTemplateSaveInput } from "#common/email-templates/input.ts";
import { firstIssueByField } from "#common/forms/field-issues.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { toast } from "#client/ui/toast.tsx";
import { reasonOf } from "./email-templates-texts";

type Values = { type: EmailTemplateType; name: string; subject: string; htmlContent: string; textContent: string };
const EMPTY: Values = { type: "waitlist_welcome", name: "", subject: "", htmlContent: "", textContent: "" };

/** `editing`: a template to edit, "new" for the New Template form, null when closed. */
export function TemplateEditorDialog({ editing, onClose }: { editing: EmailTemplate | "new" | null; onClose: () => void }) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="xl">
        {editing ? <EditorForm template={editing === "new" ? null : editing} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditorForm({ template, onDone }: { template: EmailTemplate | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.emailTemplates.save.mutationOptions());
  const [values, setValues] = useState<Values>(template ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);

  const change = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailTemplateSaveInput.safeParse({ ...values, ...(template ? { id: template.id } : {}) });
    if (!parsed.success) {
      setErrors(firstIssueByField(parsed.error));
      return;
    }
    setFormError(null);
    try {
      const result = await save.mutateAsync(parsed.data);
      await queryClient.invalidateQueries(trpc.emailTemplates.list.pathFilter());
      if (result.warnings.length > 0) {
        // Saved, but the editor stays open so the warnings can be read and fixed.
        setWarnings(result.warnings);
        toast({ variant: "success", title: "Template saved, with warnings", description: result.template.name });
        return;
      }
      toast({ variant: "success", title: "Template saved", description: result.template.name });
      onDone();
    } catch (error) {
      setFormError(reasonOf(error));
    }
  };

  const variables = EMAIL_TEMPLATE_VARIABLES[values.type];
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={save.isPending} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{template ? `Edit “${template.name}”` : "New template"}</DialogTitle>
        <DialogDescription>Liquid syntax: {"{{ name }}"} inserts a variable (HTML-escaped in the HTML part).</DialogDescription>
      </DialogHeader>
      {formError ? (
        <Alert variant="error" title={EMAIL_TEMPLATE_ERRORS.save}>
          {formError}
        </Alert>
      ) : null}
      {warnings.length > 0 ? (
        <Alert variant="warning" title="Saved. Check these variables">
          <ul className="list-disc pl-4">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <Field label="Name" id="template-name" error={errors.name}>
          <Input value={values.name} maxLength={EMAIL_TEMPLATE_FIELD_MAX.name} onChange={(event) => change("name", event.target.value)} />
        </Field>
        <Select value={values.type} onValueChange={(type) => change("type", type as EmailTemplateType)}>
          <Field label="Type" id="template-type" error={errors.type}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
          </Field>
          <SelectContent>
            {EMAIL_TEMPLATE_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {EMAIL_TEMPLATE_TYPE_LABELS[type]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p className="text-sm text-ink-muted">
        Variables:{" "}
        {variables.map((name) => (
          <code key={name} className="mr-1.5 rounded bg-sunken px-1.5 py-0.5 text-xs text-ink">{`{{ ${name} }}`}</code>
        ))}
      </p>
      <Field label="Subject" id="template-subject" error={errors.subject}>
        <Input
          value={values.subject}
          maxLength={EMAIL_TEMPLATE_FIELD_MAX.subject}
          onChange={(event) => change("subject", event.target.value)}
        />
      </Field>
      <Field label="HTML content" id="template-html" error={errors.htmlContent}>
        <Textarea
          rows={10}
          className="font-mono text-xs"
          value={values.htmlContent}
          onChange={(event) => change("htmlContent", event.target.value)}
        />
      </Field>
      <Field
        label="Text content"
        id="template-text"
        error={errors.textContent}
        hint="Left empty, the plain-text part is made from the HTML."
        optional
      >
        <Textarea
          rows={4}
          className="font-mono text-xs"
          value={values.textContent}
          onChange={(event) => change("textContent", event.target.value)}
        />
      </Field>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{warnings.length > 0 ? "Close" : "Cancel"}</Button>
        </DialogClose>
        <Button type="submit" loading={save.isPending}>
          Save template
        </Button>
      </DialogFooter>
    </form>
  );
}
