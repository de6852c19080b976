import { useState, type FormEvent } from "react";
import { ArrowLeft, CheckCircle2, Send, Trash2 } from "lucide-react";
import { BANGER_STATUS_MOVES, checkPlatformLimits, type Banger } from "#common/bangers/bangers.ts";
import { bangerSetStatusInput } from "#common/bangers/input.ts";
import { formatDateTime } from "#client/lib/format.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { toast } from "#client/ui/toast.tsx";
import { BangerFormFields, useBangerForm, valuesOf } from "./banger-form";
import { BangerStatusBadge, BangerTypeBadge } from "./banger-parts";
import { reasonOf, SAVE_BANGER_FAILED } from "./bangers-texts";
import { CampaignPanel } from "./campaign-panel";
import { useRefreshBangers } from "./use-refresh-bangers";

export type BangerDetailsDialogProps = { banger: Banger | null; onClose: () => void; onDelete: (banger: Banger) => void };

/** A banger's details: edit, the status moves with the platform check, the tagged link and its figures, delete. */
export function BangerDetailsDialog({ banger, onClose, onDelete }: BangerDetailsDialogProps) {
  return (
    <Dialog open={banger !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="xl">
        {/* Keyed by the saved version: a save or a move starts the form from what the server now holds. */}
        {banger ? <Details key={`${banger.id}:${banger.updatedAt}`} banger={banger} onDelete={onDelete} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Details({ banger, onDelete }: { banger: Banger; onDelete: (banger: Banger) => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshBangers();
  const update = useMutation(trpc.bangers.update.mutationOptions());
  const form = useBangerForm(valuesOf(banger), banger.metadata, async (fields) => {
    await update.mutateAsync({ id: banger.id, ...fields });
    toast({ variant: "success", title: "Changes saved" });
    await refresh();
  });
  const saved = valuesOf(banger);
  const dirty = (Object.keys(saved) as Array<keyof typeof saved>).some((key) => saved[key] !== form.values[key]);

  return (
    <div className="flex flex-col gap-6">
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <BangerTypeBadge type={banger.type} />
          <BangerStatusBadge status={banger.status} />
        </div>
        <DialogTitle className="break-words">{banger.title}</DialogTitle>
        <DialogDescription>
          Created {formatDateTime(banger.createdAt)} · last changed {formatDateTime(banger.updatedAt)}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form
          noValidate
          onSubmit={(event) => void form.submit(event)}
          aria-busy={form.saving}
          className="flex flex-col gap-4"
          aria-label="Edit banger"
        >
          <BangerFormFields idPrefix="edit-banger" form={form} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={form.saving} disabled={!dirty}>
              Save changes
            </Button>
            {dirty ? (
              <Button variant="ghost" onClick={form.reset}>
                Discard changes
              </Button>
            ) : null}
          </div>
        </form>

        {/* First on phones: the status moves and the link are what an admin opens a ready banger for. */}
        <aside
          className="order-first flex flex-col gap-4 border-b border-line pb-5 lg:order-none lg:border-b-0 lg:border-l lg:pb-0 lg:pl-6"
          aria-label="Status and campaign"
        >
          <StatusMoves banger={banger} dirty={dirty} />
          {banger.status !== "draft" ? <CampaignPanel banger={banger} /> : null}
          <div className="mt-auto flex flex-wrap justify-between gap-2 border-t border-line pt-4">
            <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => onDelete(banger)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </div>
        </aside>
      </div>
    </div>
  );
}

/** The moves the machine allows from the current status; "ready" is refused (with the reason) while the saved text does not fit. */
function StatusMoves({ banger, dirty }: { banger: Banger; dirty: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefreshBangers();
  const setStatus = useMutation(trpc.bangers.setStatus.mutationOptions());
  const [postedUrl, setPostedUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const moves = BANGER_STATUS_MOVES[banger.status];
  const fit = checkPlatformLimits(banger.type, banger.content);

  const move = async (input: Parameters<typeof setStatus.mutateAsync>[0], done: string) => {
    setError(null);
    try {
      await setStatus.mutateAsync(input);
      toast({ variant: "success", title: done });
    } catch (failure) {
      setError(reasonOf(failure));
    } finally {
      await refresh();
    }
  };

  const post = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bangerSetStatusInput.safeParse({ id: banger.id, status: "posted", postedUrl });
    if (!parsed.success) {
      setUrlError(parsed.error.issues[0]?.message ?? "Enter the post's URL");
      return;
    }
    void move(parsed.data, "Marked as posted");
  };

  const busy = setStatus.isPending;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="banger-status-title">
      <h3 id="banger-status-title" className="text-sm font-semibold text-ink">
        Status
      </h3>
      {dirty ? <p className="text-sm text-ink-muted">Save or discard your changes to change the status.</p> : null}
      {error ? (
        <Alert variant="error" title={SAVE_BANGER_FAILED}>
          {error}
        </Alert>
      ) : null}
      {moves.includes("ready") ? (
        <div className="flex flex-col gap-2">
          <Button disabled={dirty || busy || !fit.ok} onClick={() => void move({ id: banger.id, status: "ready" }, "Marked as ready")}>
            <CheckCircle2 aria-hidden="true" />
            Mark ready
          </Button>
          {!fit.ok ? <p className="text-sm font-medium text-red-700">{fit.reason}</p> : null}
        </div>
      ) : null}
      {moves.includes("posted") ? (
        <form noValidate onSubmit={post} className="flex flex-col gap-2">
          <Field label="Post URL" id="banger-posted-url" error={urlError} hint="Where the post went live, for the record.">
            <Input
              type="url"
              inputMode="url"
              placeholder="https://x.com/you/status/…"
              value={postedUrl}
              onChange={(event) => {
                setPostedUrl(event.target.value);
                setUrlError(null);
              }}
            />
          </Field>
          <Button type="submit" disabled={dirty || busy}>
            <Send aria-hidden="true" />
            Mark posted
          </Button>
        </form>
      ) : null}
      {banger.status === "posted" && banger.postedUrl ? (
        <div className="flex min-w-0 flex-col gap-0.5 text-sm text-ink-muted">
          <span>Posted {banger.postedAt ? formatDateTime(banger.postedAt) : null}</span>
          <a
            href={banger.postedUrl}
            target="_blank"
            rel="noreferrer noopener"
            title={banger.postedUrl}
            className="focus-ring truncate font-medium text-ink underline underline-offset-2"
          >
            {banger.postedUrl}
          </a>
        </div>
      ) : null}
      {moves.includes("draft") ? (
        <Button
          variant="outline"
          disabled={dirty || busy}
          onClick={() => void move({ id: banger.id, status: "draft" }, "Moved back to draft")}
        >
          <ArrowLeft aria-hidden="true" />
          Back to draft
        </Button>
      ) : null}
    </section>
  );
}
