import { useState } from "react";
import { Plus } from "lucide-react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
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
import { toast } from "#client/ui/toast.tsx";
import { BangerFormFields, EMPTY_BANGER, useBangerForm } from "./banger-form";
import { useRefreshBangers } from "./use-refresh-bangers";

/** The New Banger button and its form (bangers.create): new bangers start as drafts. */
export function CreateBangerDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New Banger
        </Button>
      </DialogTrigger>
      {/* Unmounted when closed: every opening starts from an empty form. */}
      <DialogContent size="lg">
        <CreateBangerForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateBangerForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshBangers();
  const create = useMutation(trpc.bangers.create.mutationOptions());
  const form = useBangerForm(EMPTY_BANGER, {}, async (fields) => {
    const { banger } = await create.mutateAsync(fields);
    toast({ variant: "success", title: "Banger saved as a draft", description: banger.title });
    onDone();
    await refresh();
  });
  return (
    <form noValidate onSubmit={(event) => void form.submit(event)} aria-busy={form.saving} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>New banger</DialogTitle>
        <DialogDescription>
          Draft a tweet, thread, LinkedIn post, blog post or chapter. It starts as a draft; mark it ready once it fits its platform.
        </DialogDescription>
      </DialogHeader>
      <BangerFormFields idPrefix="new-banger" form={form} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={form.saving}>
          Save draft
        </Button>
      </DialogFooter>
    </form>
  );
}
