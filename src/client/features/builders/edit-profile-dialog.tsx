import type { PublicBuilder } from "#common/builders/builders.ts";
import { builderUpdateInput } from "#common/builders/input.ts";
import { useRevalidator } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { useSubmitHint } from "#client/ui/submit-hint.tsx";
import { toast } from "#client/ui/toast.tsx";
import { ProfileFields, profileValuesOf } from "./profile-fields";
import { useProfileForm } from "./use-profile-form";

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
  const trpc = useTRPC();
  const revalidator = useRevalidator();
  const update = useMutation(trpc.builders.updateMine.mutationOptions());
  const { values, fieldErrors, formError, saving, canSubmit, change, submit, setUploading } = useProfileForm({
    initial: () => profileValuesOf(builder),
    schema: builderUpdateInput,
    ready: (current) => current.name.trim().length > 0,
    save: async (data) => {
      await update.mutateAsync(data);
      await revalidator.revalidate();
      toast({ variant: "success", title: "Profile updated" });
      onDone();
    },
  });

  const submitHint = useSubmitHint(values.name.trim().length === 0, "Enter your name to save.");

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Edit your profile</DialogTitle>
        <DialogDescription>
          Changes appear in the directory right away. Your email stays private and cannot be changed here.
        </DialogDescription>
      </DialogHeader>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <ProfileFields idPrefix="edit" values={values} errors={fieldErrors} onChange={change} onUploadingChange={setUploading} />
      {submitHint.element}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={saving} disabled={!canSubmit} aria-describedby={submitHint.describedBy}>
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}
