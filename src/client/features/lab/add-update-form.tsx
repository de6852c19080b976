import { useState, type FormEvent } from "react";
import { LAB_LIMITS } from "#common/lab/lab.ts";
import { experimentUpdateInput } from "#common/lab/input.ts";
import { track } from "#client/lib/analytics.ts";
import { firstIssueByField } from "#common/forms/field-issues.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { toast } from "#client/ui/toast.tsx";
import { dollars, reasonOf } from "./lab-texts";

const EMPTY = { note: "", spend: "0", result: "", attempts: "" };
type Values = typeof EMPTY;
const ORDER: Array<keyof Values> = ["note", "spend", "result", "attempts"];

/** Add Update (lab.addUpdate): what happened today, what it cost, where the result stands. */
export function AddUpdateForm({ experimentId, left }: { experimentId: string; left: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const addUpdate = useMutation(trpc.lab.addUpdate.mutationOptions());
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = experimentUpdateInput.safeParse({ experimentId, ...values });
    if (!parsed.success) {
      const fieldErrors = firstIssueByField(parsed.error);
      setErrors(fieldErrors);
      const first = ORDER.find((name) => fieldErrors[name]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setFormError(null);
    try {
      const { update } = await addUpdate.mutateAsync(parsed.data);
      track("experiment_update", { experimentId, value: update.day, properties: { day: update.day } });
      toast({ variant: "success", title: `Day ${update.day} logged` });
      setValues(EMPTY);
      await Promise.all([
        queryClient.invalidateQueries(trpc.lab.get.queryFilter({ id: experimentId })),
        queryClient.invalidateQueries(trpc.lab.list.pathFilter()),
        queryClient.invalidateQueries(trpc.lab.calendar.pathFilter()),
      ]);
    } catch (error) {
      setFormError(reasonOf(error));
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-busy={addUpdate.isPending}
        aria-labelledby="add-update-title"
        className="flex flex-col gap-4"
      >
        <h3 id="add-update-title" className="text-base font-bold">
          Add Update
        </h3>
        {formError ? (
          <Alert variant="error" title="Could not add the update">
            {formError}
          </Alert>
        ) : null}
        <Field label="Note" id="update-note" error={errors.note} hint="What you did and what you saw.">
          <Textarea name="note" rows={3} maxLength={LAB_LIMITS.note} value={values.note} onChange={change("note")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Spend ($)" id="update-spend" error={errors.spend} hint={`${dollars(left)} left to invest.`}>
            <Input name="spend" inputMode="numeric" value={values.spend} onChange={change("spend")} />
          </Field>
          <Field label="Result ($)" id="update-result" error={errors.result} hint="Where it stands now; negative for a loss.">
            <Input name="result" inputMode="numeric" value={values.result} onChange={change("result")} />
          </Field>
          <Field
            label="Attempts"
            id="update-attempts"
            error={errors.attempts}
            hint="Funding or sales attempts since the last update."
            optional
          >
            <Input name="attempts" inputMode="numeric" value={values.attempts} onChange={change("attempts")} />
          </Field>
        </div>
        <div>
          <Button type="submit" loading={addUpdate.isPending}>
            Add Update
          </Button>
        </div>
      </form>
    </Card>
  );
}
