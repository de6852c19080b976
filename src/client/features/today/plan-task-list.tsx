import { Link } from "react-router";
import { ArrowUpRight, Clock } from "lucide-react";
import type { PlanPriority, PlanTask } from "#common/today/today.ts";
import { Badge, type BadgeProps } from "#client/ui/badge.tsx";
import { Checkbox } from "#client/ui/checkbox.tsx";
import { cn } from "#client/ui/cn.ts";

const PRIORITY_BADGE: Record<PlanPriority, BadgeProps["variant"]> = { high: "danger", medium: "warning", low: "neutral" };

export function PlanTaskList({
  tasks,
  completed,
  onToggle,
}: {
  tasks: PlanTask[];
  completed: string[];
  onToggle: (taskId: string, done: boolean) => void;
}) {
  return (
    <section aria-labelledby="tasks-title" className="flex flex-col gap-3">
      <h2 id="tasks-title" className="text-lg font-semibold tracking-tight text-ink">
        Today&apos;s tasks
      </h2>
      <ul className="flex flex-col gap-2">
        {tasks.map((task) => (
          <PlanTaskItem key={task.id} task={task} done={completed.includes(task.id)} onToggle={(done) => onToggle(task.id, done)} />
        ))}
      </ul>
    </section>
  );
}

function PlanTaskItem({ task, done, onToggle }: { task: PlanTask; done: boolean; onToggle: (done: boolean) => void }) {
  const checkboxId = `task-${task.id}`;
  return (
    <li
      data-task-id={task.id}
      className={cn("flex gap-3 rounded-panel border border-line bg-surface p-4 shadow-panel transition-colors", done && "bg-sunken")}
    >
      <Checkbox
        id={checkboxId}
        checked={done}
        onCheckedChange={(value) => onToggle(value === true)}
        className="mt-0.5"
        aria-describedby={`${checkboxId}-description`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label
          htmlFor={checkboxId}
          className={cn("cursor-pointer leading-snug font-semibold text-ink", done && "text-ink-muted line-through")}
        >
          {task.title}
        </label>
        <p id={`${checkboxId}-description`} className="text-sm break-words text-ink-muted">
          {task.description}
        </p>
        <div className="flex flex-wrap items-center gap-2 pt-0.5">
          <Badge variant={PRIORITY_BADGE[task.priority]}>{task.priority}</Badge>
          <Badge variant="outline">{task.category}</Badge>
          <span className="inline-flex items-center gap-1 text-xs text-ink-muted">
            <Clock aria-hidden="true" className="size-3.5" />
            {task.estimatedTime}
          </span>
          {task.link ? <TaskLink href={task.link} /> : null}
        </div>
      </div>
    </li>
  );
}

function TaskLink({ href }: { href: string }) {
  const className =
    "focus-ring ml-auto inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-ink underline-offset-2 hover:underline";
  const content = (
    <>
      Open
      <ArrowUpRight aria-hidden="true" className="size-4" />
    </>
  );
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {content}
      </Link>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noreferrer">
      {content}
    </a>
  );
}
