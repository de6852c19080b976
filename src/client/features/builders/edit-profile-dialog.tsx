import { useState, type FormEvent } from "react";
import type { PublicBuilder } from "../../../common/builders";
import { builderUpdateInput } from "../../../common/builders-input";
import { errorMessage, firstIssueByField } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog";
import { toast } from "../../ui/toast";
import { focusFirstError, FORM_ERROR_TEXTS, ProfileFields, profileValuesOf, type FieldErrors, type ProfileField, type ProfileValues } from "./profile-fields";

export type EditProfileDialogProps = {
  /** The profile being edited; null keeps the dialog closed. */
  builder: PublicBuilder | null;
  onClose: () => void;
};

/** The owner's edit of their own profile (builders.updateMine). Email and status are not editable. */
export function EditProfileDialog({ builder, onClose }: EditProfileDialogProps) {
  return (
    <Dialog open={builder !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="lg">
        {/* Keyed by id and version, so reopening starts from the profile's current values. */}
        {builder ? <EditProfileForm key={builder.id + builder.updatedAt} builder={builder} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({ builder, onDone }: { builder: PublicBuilder; onDone: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.builders.updateMine.useMutation();
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(builder));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const canSubmit = values.name.trim().length > 0 && !update.isPending;

  const change = (name: ProfileField, value: ProfileValues[ProfileField]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const form = event.currentTarget;
    setFormError(null);
    const parsed = builderUpdateInput.safeParse(values);
    if (!parsed.success) {
      const errors = firstIssueByField(parsed.error);
      setFieldErrors(errors);
      focusFirstError(form, errors);
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      await utils.builders.list.invalidate();
      toast({ variant: "success", title: "Profile updated" });
      onDone();
    } catch (error) {
      setFormError(errorMessage(error, FORM_ERROR_TEXTS));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={update.isPending} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Edit your profile</DialogTitle>
        <DialogDescription>Changes appear in the directory right away. Your email stays private and cannot be changed here.</DialogDescription>
      </DialogHeader>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <ProfileFields idPrefix="edit" values={values} errors={fieldErrors} onChange={change} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={update.isPending} disabled={!canSubmit}>
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}
