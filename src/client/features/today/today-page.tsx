import { Link } from "react-router";
import { CalendarCheck, RefreshCw } from "lucide-react";
import { planProgress, type DailyPlan } from "#common/today/today.ts";
import { AdminTopBar } from "#client/features/admin/admin-top-bar.tsx";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { PageHeader } from "#client/ui/page-header.tsx";
import { Progress } from "#client/ui/progress.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { PlanMetrics } from "./plan-metrics";
import { PlanTaskList } from "./plan-task-list";
import { useDailyPlan } from "./use-daily-plan";

/** /today: the admin's daily plan, computed on the server from the site's state and kept all day. */
export function TodayPage() {
  const { plan, loading, failed, retry, retrying, regenerate, regenerating, setTaskDone } = useDailyPlan();

  return (
    <>
      <title>Today · The $100 Lab</title>
      <AdminTopBar />
      <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        {loading ? <PageSpinner label="Planning your day" /> : null}
        {failed ? (
          <Alert variant="error" title="Generation Failed">
            <p>Could not generate today&apos;s tasks. Please try again.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={retry} loading={retrying}>
              Retry
            </Button>
          </Alert>
        ) : null}
        {plan && !failed ? <LoadedPlan plan={plan} regenerate={regenerate} regenerating={regenerating} setTaskDone={setTaskDone} /> : null}
      </main>
    </>
  );
}

function LoadedPlan({
  plan,
  regenerate,
  regenerating,
  setTaskDone,
}: {
  plan: DailyPlan;
  regenerate: () => void;
  regenerating: boolean;
  setTaskDone: (taskId: string, done: boolean) => void;
}) {
  const progress = planProgress(
    plan.tasks.map((task) => task.id),
    plan.completedTaskIds,
  );
  const dateLabel = new Date(`${plan.date}T12:00:00`).toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" });
  return (
    <>
      <PageHeader
        eyebrow={dateLabel}
        title={plan.greeting}
        description="Your plan for today, from the site's own state."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={regenerate} loading={regenerating}>
              <RefreshCw aria-hidden="true" />
              Regenerate
            </Button>
            <Button asChild variant="secondary">
              <Link to="/admin">Back office</Link>
            </Button>
          </div>
        }
      />

      <Alert variant="warning" title="Insight">
        <p data-testid="plan-insight">{plan.insight}</p>
      </Alert>

      <section
        aria-labelledby="progress-title"
        className="flex flex-col gap-2 rounded-panel border border-line bg-surface p-4 shadow-panel sm:p-5"
      >
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="progress-title" className="font-semibold text-ink">
            Progress
          </h2>
          <p className="text-sm text-ink-muted tabular-nums" data-testid="plan-progress">
            {progress.done}/{progress.total} done · {progress.percent}%
          </p>
        </div>
        <Progress value={progress.done} max={Math.max(progress.total, 1)} label={`${progress.done} of ${progress.total} tasks done`} />
      </section>

      {plan.tasks.length === 0 ? (
        <EmptyState
          icon={CalendarCheck}
          title="Nothing needs you today"
          description="No builder waits, no draft is ready, no mail failed. Build something."
        />
      ) : (
        <PlanTaskList tasks={plan.tasks} completed={plan.completedTaskIds} onToggle={setTaskDone} />
      )}

      <PlanMetrics metrics={plan.metrics} generatedAt={plan.generatedAt} />
    </>
  );
}
