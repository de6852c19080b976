import type { DailyPlan } from "../../../common/today";
import { trpc } from "../../lib/trpc";

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The plan, ticks saved on the server (shown at once, rolled back when the save fails), and Regenerate. */
export function useDailyPlan() {
  const input = { timeZone: timeZone() };
  const utils = trpc.useUtils();
  const query = trpc.today.plan.useQuery(input, { refetchOnWindowFocus: false, retry: 1 });
  const regenerateMutation = trpc.today.regenerate.useMutation({
    onSuccess: (plan) => utils.today.plan.setData(input, plan),
  });
  const toggleMutation = trpc.today.setTaskDone.useMutation();

  const patchCompleted = (update: (ids: string[]) => string[]) =>
    utils.today.plan.setData(input, (plan?: DailyPlan) => (plan ? { ...plan, completedTaskIds: update(plan.completedTaskIds) } : plan));

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
