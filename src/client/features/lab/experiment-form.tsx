import { useState, type FormEvent, type RefObject } from "react";
import { useNavigate } from "react-router";
import { experimentPath, LAB_LIMITS, LAB_MAX_INVESTMENT, type Experiment } from "#common/lab/lab.ts";
import { experimentFormInput } from "#common/lab/input.ts";
import { firstIssueByField } from "#common/forms/field-issues.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Checkbox } from "#client/ui/checkbox.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { Label } from "#client/ui/label.tsx";
import { Switch } from "#client/ui/switch.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { toast } from "#client/ui/toast.tsx";
import { useLabBase } from "./lab-base";
import { reasonOf } from "./lab-texts";

/** The content plan's usual posts, ticked by default; more ideas can be typed, one per line. */
const CONTENT_PLAN = [
  "Day 1 announcement tweet",
  "Progress thread every few days",
  "Results LinkedIn post",
  "Lessons learned blog post",
] as const;

type FormValues = {
  title: string;
  hypothesis: string;
  amount: string;
  targetAmount: string;
  totalDays: string;
  targetMetric: string;
  plan: string[];
  otherIdeas: string;
  shared: boolean;
};

const valuesOf = (experiment: Experiment): FormValues => ({
  title: experiment.title,
  hypothesis: experiment.hypothesis,
  amount: String(experiment.amount),
  targetAmount: experiment.targetAmount === null ? "" : String(experiment.targetAmount),
  totalDays: String(experiment.totalDays),
  targetMetric: experiment.targetMetric,
  plan: experiment.nextContent.filter((idea) => (CONTENT_PLAN as readonly string[]).includes(idea)),
  otherIdeas: experiment.nextContent.filter((idea) => !(CONTENT_PLAN as readonly string[]).includes(idea)).join("\n"),
  shared: experiment.visibility === "shared",
});

const EMPTY: FormValues = {
  title: "",
  hypothesis: "",
  amount: String(LAB_MAX_INVESTMENT),
  targetAmount: "",
  totalDays: "14",
  targetMetric: "",
  plan: [...CONTENT_PLAN],
  otherIdeas: "",
  shared: false,
};

export type ExperimentFormDialogProps = {
  /** The experiment to edit; none for New Experiment. */
  experiment?: Experiment;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** New Experiment or Edit: open while mounted; closing gives the focus back to the button that opened it. */
export function ExperimentFormDialog({ experiment, onClose, returnFocusTo }: ExperimentFormDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        size="lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <ExperimentForm experiment={experiment} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** The experiment's fields (lab.create, lab.edit), checked with the server's schema before sending. */
function ExperimentForm({ experiment: editing, onDone }: { experiment?: Experiment; onDone: () => void }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const base = useLabBase();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.lab.create.mutationOptions());
  const edit = useMutation(trpc.lab.edit.mutationOptions());
  const saving = create.isPending || edit.isPending;
  const [values, setValues] = useState(() => (editing ? valuesOf(editing) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };
  const togglePlan = (idea: string, checked: boolean) =>
    change("plan", checked ? [...values.plan, idea] : values.plan.filter((item) => item !== idea));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = experimentFormInput.safeParse({
      title: values.title,
      hypothesis: values.hypothesis,
      amount: values.amount,
      targetAmount: values.targetAmount,
      totalDays: values.totalDays,
      targetMetric: values.targetMetric,
      nextContent: [
        ...CONTENT_PLAN.filter((idea) => values.plan.includes(idea)),
        ...values.otherIdeas.split("\n").map((idea) => idea.trim()),
      ],
      visibility: values.shared ? "shared" : "private",
    });
    if (!parsed.success) {
      const fieldErrors = firstIssueByField(parsed.error);
      setErrors({ ...fieldErrors, otherIdeas: fieldErrors.nextContent ?? "" });
      const first = ["title", "hypothesis", "amount", "targetAmount", "totalDays", "targetMetric", "otherIdeas"].find((name) =>
        name === "otherIdeas" ? fieldErrors.nextContent : fieldErrors[name],
      );
      (form.elements.namedItem(first ?? "") as HTMLElement | null)?.focus();
      return;
    }
    setFormError(null);
    try {
      if (editing) {
        await edit.mutateAsync({ id: editing.id, ...parsed.data });
        toast({ variant: "success", title: "Experiment saved", description: parsed.data.title });
        onDone();
        await Promise.all([
          queryClient.invalidateQueries(trpc.lab.get.queryFilter({ id: editing.id })),
          queryClient.invalidateQueries(trpc.lab.list.pathFilter()),
          queryClient.invalidateQueries(trpc.lab.calendar.pathFilter()),
        ]);
        return;
      }
      const { experiment } = await create.mutateAsync(parsed.data);
      toast({ variant: "success", title: "Experiment created", description: experiment.title });
      onDone();
      await queryClient.invalidateQueries(trpc.lab.list.pathFilter());
      void navigate(experimentPath(base, experiment.id));
    } catch (error) {
      setFormError(reasonOf(error));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{editing ? "Edit Experiment" : "New Experiment"}</DialogTitle>
        <DialogDescription>
          {editing
            ? "Change the plan; the log and the dates stay as they are."
            : "One idea, a small budget, a clear metric. It starts in planning; start it when you are ready."}
        </DialogDescription>
      </DialogHeader>
      {formError ? (
        <Alert variant="error" title={editing ? "Could not save the experiment" : "Could not create the experiment"}>
          {formError}
        </Alert>
      ) : null}
      <Field label="Title" id="experiment-title" error={errors.title}>
        <Input name="title" value={values.title} maxLength={LAB_LIMITS.title} onChange={(event) => change("title", event.target.value)} />
      </Field>
      <Field label="Hypothesis" id="experiment-hypothesis" error={errors.hypothesis} hint="What you expect to happen, and why.">
        <Textarea name="hypothesis" rows={3} value={values.hypothesis} onChange={(event) => change("hypothesis", event.target.value)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Investment amount ($)"
          id="experiment-amount"
          error={errors.amount}
          hint={`Whole dollars, at most $${LAB_MAX_INVESTMENT}.`}
        >
          <Input name="amount" inputMode="numeric" value={values.amount} onChange={(event) => change("amount", event.target.value)} />
        </Field>
        <Field label="Duration (days)" id="experiment-days" error={errors.totalDays}>
          <Input
            name="totalDays"
            inputMode="numeric"
            value={values.totalDays}
            onChange={(event) => change("totalDays", event.target.value)}
          />
        </Field>
        <Field label="Target amount ($)" id="experiment-target" error={errors.targetAmount} optional>
          <Input
            name="targetAmount"
            inputMode="numeric"
            value={values.targetAmount}
            onChange={(event) => change("targetAmount", event.target.value)}
          />
        </Field>
      </div>
      <Field
        label="Success metric"
        id="experiment-metric"
        error={errors.targetMetric}
        hint="How you will know it worked, e.g. 10 paying customers."
      >
        <Input
          name="targetMetric"
          value={values.targetMetric}
          maxLength={LAB_LIMITS.targetMetric}
          onChange={(event) => change("targetMetric", event.target.value)}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">Content plan</legend>
        {CONTENT_PLAN.map((idea, index) => (
          <div key={idea} className="flex items-center gap-2">
            <Checkbox
              id={`experiment-plan-${index}`}
              checked={values.plan.includes(idea)}
              onCheckedChange={(checked) => togglePlan(idea, checked === true)}
            />
            <Label htmlFor={`experiment-plan-${index}`} className="font-normal">
              {idea}
            </Label>
          </div>
        ))}
      </fieldset>
      <Field label="Other content ideas" id="experiment-ideas" error={errors.otherIdeas} hint="One per line." optional>
        <Textarea name="otherIdeas" rows={2} value={values.otherIdeas} onChange={(event) => change("otherIdeas", event.target.value)} />
      </Field>
      <div className="flex items-center gap-3">
        <Switch id="experiment-shared" checked={values.shared} onCheckedChange={(shared) => change("shared", shared)} />
        <Label htmlFor="experiment-shared" className="font-normal">
          Share with the community (a public page anyone can read)
        </Label>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={saving}>
          {editing ? "Save Changes" : "Create Experiment"}
        </Button>
      </DialogFooter>
    </form>
  );
}
