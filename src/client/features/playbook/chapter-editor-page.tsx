import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ArrowLeft, Save } from "lucide-react";
import {
  CHAPTER_LIMITS,
  CHAPTER_STATUS_LABELS,
  CHAPTER_STATUSES,
  formatReadTime,
  PLAYBOOK_CATEGORIES,
  PLAYBOOK_DIFFICULTIES,
  readTimeMinutes,
  type ChapterDraft,
} from "#common/playbook/playbook.ts";
import { chapterInput, type ChapterValues } from "#common/playbook/input.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { validate } from "#client/lib/validation.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/ui/tabs.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { toast } from "#client/ui/toast.tsx";
import { ChecklistEditor, newEditableItem, type EditableItem } from "./checklist-editor";
import { MarkdownBody } from "./markdown-body";
import { chapterPath, usePlaybookEntry } from "./playbook-entry";
import { reasonOf } from "./playbook-texts";

type FormState = Omit<ChapterValues, "tools" | "keyTakeaways" | "checklist"> & {
  tools: string;
  keyTakeaways: string;
  checklist: EditableItem[];
};

const EMPTY: FormState = {
  title: "",
  category: PLAYBOOK_CATEGORIES[0],
  description: "",
  body: "",
  difficulty: PLAYBOOK_DIFFICULTIES[0],
  status: "draft",
  tools: "",
  keyTakeaways: "",
  checklist: [newEditableItem()],
};

const formOf = (chapter: ChapterDraft): FormState => ({
  ...chapter,
  tools: chapter.tools.join(", "),
  keyTakeaways: chapter.keyTakeaways.join("\n"),
  checklist: chapter.checklist.map((item) => ({ ...item, key: item.id })),
});

/** The form as the shared schema reads it: tools comma-separated, takeaways one per line, blank checklist rows dropped. */
const valuesOf = (form: FormState): ChapterValues => ({
  ...form,
  tools: form.tools.split(","),
  keyTakeaways: form.keyTakeaways.split("\n"),
  checklist: form.checklist
    .filter((item) => item.text.trim() !== "" || item.timeEstimate.trim() !== "")
    .map(({ id, text, timeEstimate }) => ({ id, text, timeEstimate })),
});

/** /admin/playbook/new and /admin/playbook/{id}/edit: the chapter's fields, its checklist and its Markdown body with a preview. */
export function ChapterEditorPage({ id }: { id: string | null }) {
  const trpc = useTRPC();
  const draft = useQuery(
    trpc.playbook.draft.queryOptions({ id: id ?? "" }, { enabled: id !== null, staleTime: 0, refetchOnMount: "always" }),
  );
  if (id === null) return <ChapterForm initial={EMPTY} id={null} />;
  if (draft.isPending) return <Spinner label="Loading the chapter" />;
  if (draft.isError) {
    return (
      <LoadFailedAlert title="Could not load the chapter" onRetry={() => void draft.refetch()} retrying={draft.isFetching}>
        {reasonOf(draft.error)}
      </LoadFailedAlert>
    );
  }
  return <ChapterForm initial={formOf(draft.data)} id={id} />;
}

function ChapterForm({ initial, id }: { initial: FormState; id: string | null }) {
  const trpc = useTRPC();
  const entry = usePlaybookEntry();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.playbook.create.mutationOptions());
  const update = useMutation(trpc.playbook.update.mutationOptions());
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };
  const text = (key: "title" | "description" | "body" | "tools" | "keyTakeaways") => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(chapterInput, valuesOf(form));
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      const first = Object.keys(checked.fieldErrors)[0];
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    try {
      const saved = id ? await update.mutateAsync({ ...checked.data, id }) : await create.mutateAsync(checked.data);
      await queryClient.invalidateQueries(trpc.playbook.pathFilter());
      toast({
        variant: "success",
        title: id ? "Chapter saved" : "Chapter created",
        description: `${saved.title} · ${CHAPTER_STATUS_LABELS[saved.status]}`,
      });
      void navigate(chapterPath(entry, saved.id));
    } catch (error) {
      toast({ variant: "error", title: "Could not save the chapter", description: reasonOf(error) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <Button asChild variant="link" className="self-start">
        <Link to={id ? chapterPath(entry, id) : entry.basePath}>
          <ArrowLeft aria-hidden="true" /> {id ? "Back to the chapter" : "All chapters"}
        </Link>
      </Button>
      <h2 className="text-xl font-bold text-ink">{id ? "Edit chapter" : "New chapter"}</h2>

      <Card className="grid gap-4 p-5 sm:grid-cols-2 sm:p-6">
        <Field label="Title" error={errors.title} className="sm:col-span-2">
          <Input name="title" maxLength={CHAPTER_LIMITS.title} {...text("title")} />
        </Field>
        <Field label="Description" error={errors.description} className="sm:col-span-2" hint="One or two sentences on the chapter's card.">
          <Textarea name="description" rows={2} maxLength={CHAPTER_LIMITS.description} {...text("description")} />
        </Field>
        <ChoiceField
          label="Category"
          name="category"
          value={form.category}
          options={PLAYBOOK_CATEGORIES}
          onChange={(value) => set("category", value)}
          error={errors.category}
        />
        <ChoiceField
          label="Difficulty"
          name="difficulty"
          value={form.difficulty}
          options={PLAYBOOK_DIFFICULTIES}
          onChange={(value) => set("difficulty", value)}
          error={errors.difficulty}
        />
        <ChoiceField
          label="Status"
          name="status"
          value={form.status}
          options={CHAPTER_STATUSES}
          labels={CHAPTER_STATUS_LABELS}
          onChange={(value) => set("status", value)}
          error={errors.status}
          hint="Drafts are hidden from members; Coming Soon shows the card only."
        />
        <Field label="Tools" optional error={errors.tools} hint="Separated by commas.">
          <Input name="tools" {...text("tools")} />
        </Field>
        <Field label="Key takeaways" optional error={errors.keyTakeaways} className="sm:col-span-2" hint="What you'll learn: one per line.">
          <Textarea name="keyTakeaways" rows={3} {...text("keyTakeaways")} />
        </Field>
      </Card>

      <Card className="p-5 sm:p-6">
        <ChecklistEditor items={form.checklist} onChange={(items) => set("checklist", items)} error={errors.checklist} />
      </Card>

      <Card className="flex flex-col gap-2 p-5 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p id="body-label" className="text-sm font-semibold text-ink">
            Chapter body (Markdown)
          </p>
          <p className="text-sm text-ink-muted">{formatReadTime(readTimeMinutes(form.body))}</p>
        </div>
        <Tabs defaultValue="write">
          <TabsList>
            <TabsTrigger value="write">Write</TabsTrigger>
            <TabsTrigger value="preview">Preview</TabsTrigger>
          </TabsList>
          <TabsContent value="write">
            <Textarea name="body" aria-labelledby="body-label" rows={18} className="font-mono text-sm" {...text("body")} />
            {errors.body ? <p className="mt-1.5 text-sm font-medium text-red-700">{errors.body}</p> : null}
          </TabsContent>
          <TabsContent value="preview" className="min-h-40 rounded-control border border-line bg-surface p-4 sm:p-6">
            {form.body.trim() ? <MarkdownBody source={form.body} /> : <p className="text-ink-muted">Nothing to preview yet.</p>}
          </TabsContent>
        </Tabs>
      </Card>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending || update.isPending}>
          <Save aria-hidden="true" /> {id ? "Save chapter" : "Create chapter"}
        </Button>
        <Button asChild variant="outline">
          <Link to={id ? chapterPath(entry, id) : entry.basePath}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}

function ChoiceField<T extends string>(props: {
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  labels?: Record<T, string>;
  onChange: (value: T) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <Select name={props.name} value={props.value} onValueChange={(value) => props.onChange(value as T)}>
      <Field label={props.label} error={props.error} hint={props.hint}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </Field>
      <SelectContent>
        {props.options.map((option) => (
          <SelectItem key={option} value={option}>
            {props.labels?.[option] ?? option}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
