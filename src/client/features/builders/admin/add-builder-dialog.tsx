import { useState } from "react";
import { Plus } from "lucide-react";
import { BUILDER_STATUSES, type BuilderStatus } from "#common/builders/builders.ts";
import { builderAdminCreateInput } from "#common/builders/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { toast } from "#client/ui/toast.tsx";
import { EMPTY_PROFILE, ProfileEmailField, ProfileFields, type ProfileValues } from "#client/features/builders/profile-fields.tsx";
import { useProfileForm } from "#client/features/builders/use-profile-form.ts";
import { STATUS_LABEL } from "./builder-status";
import { useRefreshBuilders } from "./use-builder-actions";

type AddValues = ProfileValues & { email: string; status: BuilderStatus };

/** An admin vouches for the people they add: approved unless they choose otherwise. */
const INITIAL: AddValues = { ...EMPTY_PROFILE, email: "", status: "approved" };

const STATUS_HINT: Record<BuilderStatus, string> = {
  pending: "Waits for review, like a profile sent from the join form.",
  approved: "Shown in the directory at once.",
  verified: "Shown in the directory with the VERIFIED badge.",
  rejected: "Kept on record, never shown.",
};

/** The Add Builder button and its form (builders.adminCreate): the join form's fields, the email and a status. */
export function AddBuilderDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add Builder
        </Button>
      </DialogTrigger>
      {/* The content unmounts when closed, so every opening starts from an empty form. */}
      <DialogContent size="lg">
        <AddBuilderForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AddBuilderForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshBuilders();
  const create = useMutation(trpc.builders.adminCreate.mutationOptions());
  const { values, fieldErrors, formError, saving, canSubmit, change, submit, setUploading } = useProfileForm({
    initial: INITIAL,
    schema: builderAdminCreateInput,
    ready: (current) => current.name.trim().length > 0 && current.email.trim().length > 0,
    save: async (data) => {
      const { builder } = await create.mutateAsync(data);
      toast({ variant: "success", title: `${builder.name} added`, description: `Status: ${STATUS_LABEL[builder.status]}.` });
      onDone();
      await refresh();
    },
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Add a builder</DialogTitle>
        <DialogDescription>
          Create a profile on someone's behalf. The email stays private; it lets them edit the profile once they sign in with it.
        </DialogDescription>
      </DialogHeader>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <ProfileFields
        idPrefix="add-builder"
        onUploadingChange={setUploading}
        values={values}
        errors={fieldErrors}
        onChange={change}
        afterName={
          <>
            <ProfileEmailField
              idPrefix="add-builder"
              value={values.email}
              error={fieldErrors.email}
              onChange={(email) => change("email", email)}
            />
            <Select value={values.status} onValueChange={(status) => change("status", status as BuilderStatus)}>
              <Field
                label="Status"
                error={fieldErrors.status}
                id="add-builder-status"
                hint={STATUS_HINT[values.status]}
                className="sm:col-span-2"
              >
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
              </Field>
              <SelectContent>
                {BUILDER_STATUSES.map((status) => (
                  <SelectItem key={status} value={status}>
                    {STATUS_LABEL[status]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </>
        }
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={saving} disabled={!canSubmit}>
          Add Builder
        </Button>
      </DialogFooter>
    </form>
  );
}
