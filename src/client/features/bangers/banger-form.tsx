import { useState, type FormEvent, type ReactNode } from "react";
import { BANGER_FIELD_MAX, BANGER_TYPE_LABELS, BANGER_TYPES, parseTagList, type Banger, type BangerType } from "#common/bangers/bangers.ts";
import { bangerCreateInput, type BangerCreateInput } from "#common/bangers/input.ts";
import { firstIssueByField } from "#common/forms/field-issues.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { PlatformCounter } from "./platform-counter";
import { reasonOf, SAVE_BANGER_FAILED } from "./bangers-texts";

export type BangerFormValues = { type: BangerType; title: string; content: string; tags: string; platform: string };
export type BangerFields = Pick<BangerCreateInput, "type" | "title" | "content" | "tags" | "metadata">;

export const EMPTY_BANGER: BangerFormValues = { type: "tweet", title: "", content: "", tags: "", platform: "" };

export const valuesOf = (banger: Banger): BangerFormValues => ({
  type: banger.type,
  title: banger.title,
  content: banger.content,
  tags: banger.tags.join(", "),
  // Shown empty while it is the default, so changing the type changes the platform with it.
  platform: banger.metadata.platform === banger.type ? "" : banger.metadata.platform,
});

/**
 * The fields of the create and edit dialogs, checked with the server's own schema before sending. Tags are
 * typed comma-separated (trimmed, empties dropped); the platform defaults to the type; other metadata keys
 * of an existing banger are kept.
 */
export function useBangerForm(initial: BangerFormValues, metadata: Record<string, unknown>, save: (fields: BangerFields) => Promise<void>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = <K extends keyof BangerFormValues>(key: K, value: BangerFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = bangerCreateInput.safeParse({
      type: values.type,
      title: values.title,
      content: values.content,
      tags: parseTagList(values.tags),
      metadata: { ...metadata, platform: values.platform.trim() },
    });
    if (!parsed.success) {
      setErrors(firstIssueByField(parsed.error));
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      await save(parsed.data);
    } catch (error) {
      setFormError(reasonOf(error));
    } finally {
      setSaving(false);
    }
  };
  return { values, errors, formError, saving, change, submit, reset: () => setValues(initial) };
}

export function BangerFormFields({
  idPrefix,
  form,
  contentHint,
}: {
  idPrefix: string;
  form: Pick<ReturnType<typeof useBangerForm>, "values" | "errors" | "formError" | "change">;
  contentHint?: ReactNode;
}) {
  const { values, errors, formError, change } = form;
  return (
    <div className="flex flex-col gap-4">
      {formError ? (
        <Alert variant="error" title={SAVE_BANGER_FAILED}>
          {formError}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label="Title" id={`${idPrefix}-title`} error={errors.title}>
          <Input value={values.title} maxLength={BANGER_FIELD_MAX.title} onChange={(event) => change("title", event.target.value)} />
        </Field>
        <Select value={values.type} onValueChange={(type) => change("type", type as BangerType)}>
          <Field label="Type" id={`${idPrefix}-type`} error={errors.type}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
          </Field>
          <SelectContent>
            {BANGER_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {BANGER_TYPE_LABELS[type]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Field
        label="Content"
        id={`${idPrefix}-content`}
        error={errors.content}
        hint={
          <span className="flex flex-col gap-1.5">
            <PlatformCounter type={values.type} content={values.content} />
            {contentHint}
          </span>
        }
      >
        <Textarea
          rows={values.type === "tweet" ? 5 : 9}
          value={values.content}
          onChange={(event) => change("content", event.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Tags" id={`${idPrefix}-tags`} error={errors.tags} hint="Separate tags with commas." optional>
          <Input value={values.tags} placeholder="building in public, $100" onChange={(event) => change("tags", event.target.value)} />
        </Field>
        <Field
          label="Platform"
          id={`${idPrefix}-platform`}
          error={errors.metadata}
          hint={`Used as utm_source; defaults to ${values.type}.`}
          optional
        >
          <Input value={values.platform} placeholder={values.type} onChange={(event) => change("platform", event.target.value)} />
        </Field>
      </div>
    </div>
  );
}
