import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Loader2, RefreshCw, XCircle } from "lucide-react";
import { BACKUP_ERROR_TEXTS, type BackupStatus } from "#common/backup/backup.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";
import { fetchBackupStatus } from "./backup-api";
import { TroubleshootingTips } from "./backup-parts";

type StepState = "pending" | "running" | "success" | "failed" | "warning";

const STEP_LABELS = {
  auth: "Authentication",
  contact: "Contacting the backup service",
  process: "Processing data",
  health: "Validating health",
} as const;
type StepId = keyof typeof STEP_LABELS;
type Step = { id: StepId; label: string; state: StepState; detail?: string };

/** What the steps are computed from: the session, and the REST status call with its outcome. */
type Inputs = {
  auth: ReturnType<typeof useAuth>;
  call: { fetching: boolean; data: BackupStatus | undefined; error: Error | null };
};

/**
 * The four diagnostics steps, from real checks: the signed-in admin, GET /api/backup/status, the
 * shape of its answer, and whether the two stores hold data (a warning when one is empty). Steps after
 * the first that did not succeed stay pending.
 */
function diagnose({ auth, call }: Inputs): Step[] {
  const reached: Partial<Record<StepId, Step>> = {};
  const mark = (id: StepId, state: StepState, detail?: string) =>
    (reached[id] = { id, label: STEP_LABELS[id], state, ...(detail ? { detail } : {}) });

  const check = (): void => {
    if (auth.status === "loading") return void mark("auth", "running");
    if (auth.status !== "authenticated" || !auth.user) return void mark("auth", "failed", BACKUP_ERROR_TEXTS.contextNotReady);
    mark("auth", "success", `Signed in as ${auth.user.email} (${auth.user.role})`);

    if (call.fetching) return void mark("contact", "running");
    if (call.error || !call.data) return void mark("contact", "failed", call.error?.message ?? "No answer");
    mark("contact", "success", "GET /api/backup/status answered");

    const stores = Object.entries(call.data.currentStats ?? {});
    const unavailable = stores.filter(([, stats]) => !stats.available).map(([id]) => id);
    if (stores.length === 0) return void mark("process", "failed", "The status holds no stores");
    if (unavailable.length > 0) return void mark("process", "failed", `Not available: ${unavailable.join(", ")}`);
    mark("process", "success", `${stores.length} stores read`);

    const stats = call.data.currentStats;
    const empty = (["analytics", "waitlist"] as const).filter((id) => (stats[id]?.keys ?? 0) === 0);
    if (empty.length > 0) mark("health", "warning", `No current stats for ${empty.join(" and ")}: nothing to back up there yet`);
    else mark("health", "success", call.data.recommendsBackup ? "Healthy; a backup is recommended" : "Healthy");
  };
  check();
  return (Object.keys(STEP_LABELS) as StepId[]).map((id) => reached[id] ?? { id, label: STEP_LABELS[id], state: "pending" });
}

/** The diagnostics' own status call; the page refreshes it after a backup or a restore. */
export const DIAGNOSTICS_QUERY_KEY = ["backup", "diagnostics"] as const;

export function BackupDiagnostics() {
  const auth = useAuth();
  // The check waits until the auth context has loaded, then calls the REST path itself.
  const status = useQuery({
    queryKey: DIAGNOSTICS_QUERY_KEY,
    queryFn: fetchBackupStatus,
    enabled: auth.status === "authenticated",
    retry: false,
  });
  const steps = diagnose({ auth, call: { fetching: status.isFetching || status.isPending, data: status.data, error: status.error } });
  const failure = steps.find((step) => step.state === "failed")?.detail;

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>Diagnostics</CardTitle>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void status.refetch()}
          disabled={status.isFetching || auth.status !== "authenticated"}
        >
          <RefreshCw aria-hidden="true" className={cn(status.isFetching && "animate-spin")} />
          Run again
        </Button>
      </CardHeader>
      <ol className="flex flex-col gap-3 px-5 pb-5 sm:px-6">
        {steps.map((step) => (
          <li key={step.id} className="flex items-start gap-3" data-state={step.state} data-step={step.id}>
            <StepIcon state={step.state} />
            <div className="min-w-0">
              <p className="text-sm font-medium text-ink">
                {step.label} <span className="sr-only">({step.state})</span>
              </p>
              {step.detail && <p className="text-sm break-words text-ink-muted">{step.detail}</p>}
            </div>
          </li>
        ))}
      </ol>
      {failure && (
        <div className="px-5 pb-5 sm:px-6">
          <TroubleshootingTips message={failure} />
        </div>
      )}
    </Card>
  );
}

function StepIcon({ state }: { state: StepState }) {
  const common = "mt-0.5 size-5 shrink-0";
  if (state === "running") return <Loader2 aria-hidden="true" className={cn(common, "animate-spin text-ink-muted")} />;
  if (state === "success") return <CheckCircle2 aria-hidden="true" className={cn(common, "text-emerald-600")} />;
  if (state === "failed") return <XCircle aria-hidden="true" className={cn(common, "text-red-600")} />;
  if (state === "warning") return <AlertTriangle aria-hidden="true" className={cn(common, "text-amber-600")} />;
  return <span aria-hidden="true" className={cn(common, "rounded-full border-2 border-line")} />;
}
