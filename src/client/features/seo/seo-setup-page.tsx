import { useState } from "react";
import { PartyPopper, RotateCcw, Users } from "lucide-react";
import {
  SEO_CATEGORY_LABELS,
  SEO_CHECKLIST_TOTAL,
  seoChecklistDone,
  type SeoCategory,
  type SeoChecklist,
  type SeoChecklistItem,
  type SeoItemId,
} from "#common/seo/seo.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Badge, type BadgeProps } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { Checkbox } from "#client/ui/checkbox.tsx";
import { cn } from "#client/ui/cn.ts";
import { Label } from "#client/ui/label.tsx";
import { Progress } from "#client/ui/progress.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { ExternalTextLink } from "#client/ui/text-link.tsx";
import { toast } from "#client/ui/toast.tsx";
import { formatDateTime, formatRelativeTime } from "#client/lib/format.ts";

const ERROR_TEXTS = { fallback: "Could not save the change. Please try again.", network: "Network error. Please try again." };

const CATEGORY_BADGE: Record<SeoCategory, BadgeProps["variant"]> = {
  search: "info",
  analytics: "brand",
  promotion: "warning",
  performance: "success",
};

/** /admin/seo-setup: the five-item checklist, stored on the server and shared by every admin. */
export function SeoSetupPage() {
  const trpc = useTRPC();
  const checklist = useQuery(trpc.seo.checklist.queryOptions());
  if (checklist.isPending) return <PageSpinner label="Loading the SEO checklist" />;
  if (checklist.isError) {
    return (
      <LoadFailedAlert title="Failed to load the SEO checklist" onRetry={() => void checklist.refetch()} retrying={checklist.isFetching}>
        {errorMessage(checklist.error, { fallback: "Please try again.", network: "Network error. Please try again." })}
      </LoadFailedAlert>
    );
  }
  return <Checklist data={checklist.data} />;
}

function Checklist({ data }: { data: SeoChecklist }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toggleMutation = useMutation(trpc.seo.toggle.mutationOptions());
  const resetMutation = useMutation(trpc.seo.reset.mutationOptions());
  // Toggles on their way to the server, shown at once; the server's answer replaces them.
  const [pending, setPending] = useState<Partial<Record<SeoItemId, boolean>>>({});

  const isChecked = (id: SeoItemId) => pending[id] ?? data.checkedItems[`${id}`] === true;
  const done = data.items.filter((item) => isChecked(item.id)).length;
  const serverDone = seoChecklistDone(data.checkedItems);
  const allDone = done === SEO_CHECKLIST_TOTAL;

  const saved = (result: SeoChecklist) => {
    queryClient.setQueryData(trpc.seo.checklist.queryKey(), result);
    // The dashboard's Quick Actions show the progress too.
    void queryClient.invalidateQueries(trpc.admin.overview.pathFilter());
  };

  const toggle = async (item: SeoChecklistItem, checked: boolean) => {
    setPending((current) => ({ ...current, [item.id]: checked }));
    try {
      saved(await toggleMutation.mutateAsync({ id: item.id, checked }));
    } catch (cause) {
      toast({ variant: "error", title: `Could not update “${item.label}”`, description: errorMessage(cause, ERROR_TEXTS) });
    } finally {
      setPending(({ [item.id]: _settled, ...rest }) => rest);
    }
  };

  const reset = async () => {
    try {
      saved(await resetMutation.mutateAsync());
      toast({ variant: "success", title: "Checklist reset", description: "All five items are unchecked for every admin." });
    } catch (cause) {
      toast({ variant: "error", title: "Could not reset the checklist", description: errorMessage(cause, ERROR_TEXTS) });
      throw cause;
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h2 className="text-sm font-semibold text-ink-muted">Progress</h2>
            <p className="text-3xl font-bold tracking-tight text-ink tabular-nums">
              {done}/{SEO_CHECKLIST_TOTAL}
              <span className="ml-2 text-base font-medium text-ink-muted">
                {done === 0 ? "not started" : allDone ? "complete" : "done"}
              </span>
            </p>
          </div>
          <ConfirmDialog
            title="Reset the SEO checklist?"
            description="All five items will be unchecked, for every admin. This cannot be undone."
            confirmLabel="Reset checklist"
            destructive
            onConfirm={reset}
            trigger={
              <Button variant="outline" size="sm" disabled={serverDone === 0 && Object.keys(pending).length === 0}>
                <RotateCcw aria-hidden="true" />
                Reset
              </Button>
            }
          />
        </div>
        <Progress
          value={done}
          max={SEO_CHECKLIST_TOTAL}
          label={`SEO checklist: ${done} of ${SEO_CHECKLIST_TOTAL} done`}
          indicatorClassName={allDone ? "bg-emerald-600" : undefined}
        />
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
          <Users aria-hidden="true" className="size-4" />
          Shared by all admins.
          {data.lastUpdated ? (
            <span>
              Last updated{" "}
              <time dateTime={data.lastUpdated} title={formatDateTime(data.lastUpdated)}>
                {formatRelativeTime(data.lastUpdated)}
              </time>
              {data.updatedBy ? ` by ${data.updatedBy}` : ""}.
            </span>
          ) : (
            <span>No changes yet.</span>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="text-ink-muted">What crawlers read:</span>
          <ExternalTextLink href="/robots.txt">robots.txt</ExternalTextLink>
          <ExternalTextLink href="/sitemap.xml">sitemap.xml</ExternalTextLink>
        </p>
      </Card>

      {allDone ? (
        <section
          role="status"
          className="flex items-start gap-4 rounded-panel border border-emerald-200 bg-gradient-to-br from-emerald-50 to-surface p-5 shadow-panel sm:p-6"
        >
          <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
            <PartyPopper className="size-5" />
          </span>
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-semibold text-emerald-900">Congratulations, all five are done!</h2>
            <p className="text-sm text-emerald-900/90">
              The site is set up to be found: Google knows it and its sitemap, visits are measured, other sites link to it, and it is fast
              on phones. Run PageSpeed Insights again after big changes to keep it that way.
            </p>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="seo-items-title" className="flex flex-col gap-3">
        <h2 id="seo-items-title" className="sr-only">
          Checklist
        </h2>
        <ol className="flex flex-col gap-3">
          {data.items.map((item) => (
            <li key={item.id}>
              <ChecklistItem item={item} checked={isChecked(item.id)} onCheckedChange={(checked) => void toggle(item, checked)} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function ChecklistItem({
  item,
  checked,
  onCheckedChange,
}: {
  item: SeoChecklistItem;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = `seo-item-${item.id}`;
  return (
    <Card className={cn("flex gap-4 p-4 transition-colors sm:p-5", checked && "border-emerald-200 bg-emerald-50/50")}>
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        aria-describedby={`${id}-help`}
        className={cn("mt-0.5 size-6", checked && "data-[state=checked]:border-emerald-700 data-[state=checked]:bg-emerald-700")}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <Label htmlFor={id} className="cursor-pointer text-base font-semibold">
            {item.label}
          </Label>
          <Badge variant={CATEGORY_BADGE[item.category]}>{SEO_CATEGORY_LABELS[item.category]}</Badge>
        </div>
        <p id={`${id}-help`} className="text-sm leading-relaxed text-ink-muted">
          {item.help}
        </p>
        <ExternalTextLink href={item.link} withIcon className="text-sm font-semibold">
          {item.linkLabel}
        </ExternalTextLink>
      </div>
    </Card>
  );
}
