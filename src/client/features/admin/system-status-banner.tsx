import { useEffect, type ReactNode } from "react";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";
import { Spinner } from "#client/ui/spinner.tsx";

const CHECK_LABELS: Record<string, string> = {
  database: "Database",
  databasePool: "Database pool",
  mail: "Mail",
  mailQueue: "Mail queue",
  storage: "Storage",
  backup: "Backup",
  geo: "Geo data",
};
const checkLabel = (name: string) => CHECK_LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1);

/** True to what the server checked: 'All Systems Operational' only when every check passed. */
export function SystemStatusBanner() {
  const trpc = useTRPC();
  const status = useQuery(trpc.system.status.queryOptions(undefined, { refetchInterval: 60_000 }));

  useEffect(() => {
    if (status.error) console.error("Failed to fetch system status:", status.error);
  }, [status.error]);

  if (status.isPending) {
    return (
      <StatusFrame tone="neutral" icon={<Spinner size="sm" label={null} />} title="Checking systems…">
        Asking the server about the database, storage, mail and the mail queue.
      </StatusFrame>
    );
  }
  if (status.isError) {
    return (
      <StatusFrame tone="warning" icon={<TriangleAlert aria-hidden="true" className="size-5" />} title="System status unknown">
        The status check could not be reached.{" "}
        <Button variant="link" size="sm" onClick={() => void status.refetch()} disabled={status.isFetching}>
          Check again
        </Button>
      </StatusFrame>
    );
  }

  const { ok, checks } = status.data;
  const failing = checks.filter((check) => !check.ok);
  const warnings = checks.filter((check) => check.ok && check.warning);
  if (ok && warnings.length > 0) {
    return (
      <StatusFrame
        tone="warning"
        icon={<TriangleAlert aria-hidden="true" className="size-5" />}
        title={`Operational, needs attention: ${warnings.map((check) => checkLabel(check.name)).join(", ")}`}
      >
        <CheckList checks={checks} />
      </StatusFrame>
    );
  }
  if (ok) {
    return (
      <StatusFrame tone="success" icon={<CircleCheck aria-hidden="true" className="size-5" />} title="All Systems Operational">
        <CheckList checks={checks} />
      </StatusFrame>
    );
  }
  return (
    <StatusFrame
      tone="error"
      icon={<TriangleAlert aria-hidden="true" className="size-5" />}
      title={`Degraded: ${failing.map((check) => checkLabel(check.name)).join(", ")}`}
    >
      <CheckList checks={checks} />
    </StatusFrame>
  );
}

function CheckList({ checks }: { checks: Array<{ name: string; ok: boolean; detail: string; warning?: boolean | undefined }> }) {
  return (
    <ul className="flex flex-col gap-x-6 gap-y-1 sm:flex-row sm:flex-wrap">
      {checks.map((check) => (
        <li key={check.name} className="flex min-w-0 items-baseline gap-1.5">
          <span
            aria-hidden="true"
            className={cn(
              "inline-block size-2 shrink-0 translate-y-[-1px] rounded-full",
              !check.ok ? "bg-red-600" : check.warning ? "bg-amber-500" : "bg-emerald-600",
            )}
          />
          <span className="font-semibold whitespace-nowrap">{checkLabel(check.name)}</span>
          <span className="sr-only">{!check.ok ? "failing" : check.warning ? "needs attention" : "working"}:</span>
          <span className="min-w-0 break-words">{check.detail}</span>
        </li>
      ))}
    </ul>
  );
}

const TONES = {
  neutral: "border-line bg-surface text-ink-muted",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-brand-300 bg-brand-50 text-brand-900",
  error: "border-red-200 bg-red-50 text-red-800",
} as const;

function StatusFrame({ tone, icon, title, children }: { tone: keyof typeof TONES; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-label="System status"
      aria-live="polite"
      className={cn("flex items-start gap-3 rounded-panel border px-4 py-3 text-sm sm:px-5", TONES[tone])}
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{title}</p>
        <div className="opacity-90">{children}</div>
      </div>
    </section>
  );
}
