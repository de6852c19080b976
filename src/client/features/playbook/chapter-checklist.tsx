import { useState } from "react";
import { ChevronDown, ListChecks } from "lucide-react";
import { checklistProgress, type ChapterDetail } from "#common/playbook/playbook.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Checkbox } from "#client/ui/checkbox.tsx";
import { cn } from "#client/ui/cn.ts";
import { Progress } from "#client/ui/progress.tsx";
import { toast } from "#client/ui/toast.tsx";
import { reasonOf } from "./playbook-texts";

export const CHECKLIST_ID = "action-checklist";

/**
 * The action checklist: collapsible, with its progress count and bar. Each tick is saved on the server at
 * once (so it follows the member to another device); the box moves first and moves back if the save fails.
 * Read-only on a chapter that is not published (an admin's preview): only published chapters take ticks.
 */
export function ChapterChecklist(props: {
  chapter: ChapterDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  readOnly?: boolean;
}) {
  const trpc = useTRPC();
  const { chapter, open, onOpenChange, readOnly = false } = props;
  const queryClient = useQueryClient();
  const toggle = useMutation(trpc.playbook.toggleChecklistItem.mutationOptions());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const { completed, total, percent } = checklistProgress(chapter.checklist, chapter.completedItemIds);

  const setTicks = (completedItemIds: string[]) =>
    queryClient.setQueryData(trpc.playbook.chapter.queryKey({ id: chapter.id }), (current) =>
      current ? { ...current, completedItemIds } : current,
    );

  const onToggle = async (itemId: string, done: boolean) => {
    const before = chapter.completedItemIds;
    setTicks(done ? [...before, itemId] : before.filter((id) => id !== itemId));
    setPending((current) => new Set(current).add(itemId));
    try {
      const saved = await toggle.mutateAsync({ chapterId: chapter.id, itemId, done });
      setTicks(saved.completedItemIds);
    } catch (error) {
      setTicks(before);
      toast({ variant: "error", title: "Could not save the checklist", description: reasonOf(error) });
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(itemId);
        return next;
      });
    }
  };

  const done = new Set(chapter.completedItemIds);
  return (
    <section
      id={CHECKLIST_ID}
      aria-labelledby={`${CHECKLIST_ID}-title`}
      className="scroll-mt-6 rounded-panel border border-line bg-surface p-5 shadow-panel"
    >
      <h2 id={`${CHECKLIST_ID}-title`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${CHECKLIST_ID}-items`}
          onClick={() => onOpenChange(!open)}
          className="focus-ring flex w-full items-center justify-between gap-3 rounded-control text-left"
        >
          <span className="flex items-center gap-2 text-lg font-bold text-ink">
            <ListChecks aria-hidden="true" className="size-5" /> Action Checklist
          </span>
          <span className="flex shrink-0 items-center gap-2 text-sm font-semibold whitespace-nowrap text-ink-muted">
            {completed}/{total} completed
            <ChevronDown aria-hidden="true" className={cn("size-5 transition-transform", open && "rotate-180")} />
          </span>
        </button>
      </h2>
      <Progress value={percent} label={`${completed} of ${total} checklist items completed`} className="mt-3" />
      {open ? (
        <ol id={`${CHECKLIST_ID}-items`} className="mt-4 flex flex-col gap-2">
          {chapter.checklist.map((item) => (
            <li key={item.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-control p-2 hover:bg-sunken">
                <Checkbox
                  checked={done.has(item.id)}
                  disabled={readOnly || pending.has(item.id)}
                  onCheckedChange={(checked) => void onToggle(item.id, checked === true)}
                  className="mt-0.5"
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className={cn("text-ink", done.has(item.id) && "text-ink-muted line-through")}>{item.text}</span>
                  {item.timeEstimate ? <span className="text-sm text-ink-muted">{item.timeEstimate}</span> : null}
                </span>
              </label>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
