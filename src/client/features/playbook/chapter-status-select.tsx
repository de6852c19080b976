import { CHAPTER_STATUS_LABELS, CHAPTER_STATUSES, type ChapterCard, type ChapterStatus } from "#common/playbook/playbook.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { toast } from "#client/ui/toast.tsx";
import { reasonOf } from "./playbook-texts";

/** The back office's quick status switch on a chapter card: Published, Coming Soon or Draft, saved at once. */
export function ChapterStatusSelect({ chapter }: { chapter: ChapterCard }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setStatus = useMutation(
    trpc.playbook.setStatus.mutationOptions({
      onSuccess: (saved) => toast({ variant: "success", title: `${saved.title} is now ${CHAPTER_STATUS_LABELS[saved.status]}` }),
      onError: (error) => toast({ variant: "error", title: "Could not change the status", description: reasonOf(error) }),
      onSettled: () => queryClient.invalidateQueries(trpc.playbook.pathFilter()),
    }),
  );
  return (
    <Select
      value={setStatus.isPending ? setStatus.variables.status : chapter.status}
      disabled={setStatus.isPending}
      onValueChange={(status) => setStatus.mutate({ id: chapter.id, status: status as ChapterStatus })}
    >
      <SelectTrigger aria-label={`Status of ${chapter.title}`} className="h-8 w-36 text-sm">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {CHAPTER_STATUSES.map((status) => (
          <SelectItem key={status} value={status}>
            {CHAPTER_STATUS_LABELS[status]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
