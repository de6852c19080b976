import { Star } from "lucide-react";
import { formatRating, RATING_MAX, RATING_MIN_COUNT, type ChapterDetail } from "#common/playbook/playbook.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { cn } from "#client/ui/cn.ts";
import { toast } from "#client/ui/toast.tsx";
import { reasonOf } from "./playbook-texts";

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** The member's own 1-5 rating (changeable) beside the chapter's mean, shown from RATING_MIN_COUNT ratings on. */
export function ChapterRating({ chapter }: { chapter: ChapterDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rate = useMutation(
    trpc.playbook.rate.mutationOptions({
      onSuccess: (result) =>
        queryClient.setQueryData(trpc.playbook.chapter.queryKey({ id: chapter.id }), (current) =>
          current ? { ...current, ...result } : current,
        ),
      onError: (error) => toast({ variant: "error", title: "Could not save your rating", description: reasonOf(error) }),
    }),
  );
  const mine = rate.isPending ? rate.variables.rating : chapter.myRating;
  return (
    <section aria-labelledby="rate-title" className="flex flex-col gap-2 rounded-panel border border-line bg-surface p-5 shadow-panel">
      <h2 id="rate-title" className="text-lg font-bold text-ink">
        Rate this chapter
      </h2>
      <div role="radiogroup" aria-label="Your rating" className="flex gap-1">
        {STARS.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={mine === value}
            aria-label={`${value} ${value === 1 ? "star" : "stars"}`}
            disabled={rate.isPending}
            onClick={() => rate.mutate({ chapterId: chapter.id, rating: value })}
            className="focus-ring rounded-control p-1 text-brand-600 hover:bg-sunken"
          >
            <Star aria-hidden="true" className={cn("size-7", mine !== null && value <= mine ? "fill-brand-400" : "fill-transparent")} />
          </button>
        ))}
      </div>
      <p className="text-sm text-ink-muted">
        {chapter.myRating ? `You rated it ${chapter.myRating}/5. ` : ""}
        {formatRating(chapter.rating)}
        {chapter.rating.average === null ? ` (${chapter.rating.count} of ${RATING_MIN_COUNT} ratings needed)` : ""}
      </p>
    </section>
  );
}
