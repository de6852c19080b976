import type { DailyPlan } from "#common/today/today.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The plan, ticks saved on the server (shown at once, rolled back when the save fails), and Regenerate. */
export function useDailyPlan() {
  const trpc = useTRPC();
  const input = { timeZone: timeZone() };
  const queryClient = useQueryClient();
  const query = useQuery(trpc.today.plan.queryOptions(input, { refetchOnWindowFocus: false, retry: 1 }));
  const regenerateMutation = useMutation(
    trpc.today.regenerate.mutationOptions({
      onSuccess: (plan) => queryClient.setQueryData(trpc.today.plan.queryKey(input), plan),
    }),
  );
  const toggleMutation = useMutation(trpc.today.setTaskDone.mutationOptions());

  const patchCompleted = (update: (ids: string[]) => string[]) =>
    queryClient.setQueryData(trpc.today.plan.queryKey(input), (plan?: DailyPlan) =>
      plan ? { ...plan, completedTaskIds: update(plan.completedTaskIds) } : plan,
    );

  const setTaskDone = (taskId: string, done: boolean) => {
    const plan = query.data;
    if (!plan) return;
    patchCompleted((ids) => (done ? [...ids.filter((id) => id !== taskId), taskId] : ids.filter((id) => id !== taskId)));
    toggleMutation.mutate(
      { date: plan.date, taskId, done },
      {
        onSuccess: (result) => patchCompleted(() => result.completedTaskIds),
        onError: () => void query.refetch(),
      },
    );
  };

  const regenerateFailed = regenerateMutation.isError;
  return {
    plan: query.data,
    loading: query.isPending && !query.isError,
    failed: query.isError || regenerateFailed,
    retry: () => (regenerateFailed ? regenerateMutation.mutate(input) : void query.refetch()),
    retrying: query.isFetching || regenerateMutation.isPending,
    regenerate: () => regenerateMutation.mutate(input),
    regenerating: regenerateMutation.isPending,
    setTaskDone,
  };
}
