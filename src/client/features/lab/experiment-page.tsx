import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft, CalendarDays, DollarSign, Lightbulb, Repeat, Target, TrendingUp } from "lucide-react";
import { BANGER_TYPE_LABELS, type BangerType } from "#common/bangers/bangers.ts";
import type { ExperimentDetail } from "#common/lab/lab.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { httpStatusOf } from "#client/lib/errors.ts";
import { countText, formatCount, formatDay } from "#client/lib/format.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Card } from "#client/ui/card.tsx";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { PageSpinner, Spinner } from "#client/ui/spinner.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { DayProgress, ResultText, StatusBadge } from "./experiment-status";
import { useLabBase } from "./lab-base";
import { dollars, reasonOf } from "./lab-texts";
import { UpdateLog } from "./update-log";

// What only the owner and admins use loads for them alone: a visitor's public page stays light.
const ImageDropWidget = lazy(() => import("#client/features/images/image-drop-widget.tsx").then((m) => ({ default: m.ImageDropWidget })));
const AddUpdateForm = lazy(() => import("./add-update-form").then((m) => ({ default: m.AddUpdateForm })));
const ExperimentActions = lazy(() => import("./experiment-actions").then((m) => ({ default: m.ExperimentActions })));

export type ExperimentPageProps = {
  id: string;
  /** h1 in the member area and on the public page; h2 under the back office's own page title. */
  headingAs: "h1" | "h2";
  /** What a missing or private experiment shows. */
  notFound: ReactNode;
};

/**
 * One experiment (/lab/{id}, /admin/lab/{id}): its owner and admins manage it; anyone reads a shared one,
 * signed in or not (its public page); to everyone else it does not exist.
 */
export function ExperimentPage({ id, headingAs, notFound }: ExperimentPageProps) {
  const trpc = useTRPC();
  const detail = useQuery(
    trpc.lab.get.queryOptions({ id }, { retry: (count, error) => httpStatusOf(error) !== 404 && httpStatusOf(error) !== 400 && count < 2 }),
  );
  if (detail.isPending) return <PageSpinner label="Loading the experiment" />;
  if (detail.isError) {
    const status = httpStatusOf(detail.error);
    if (status === 404 || status === 400) return <>{notFound}</>;
    return (
      <LoadFailedAlert title="Could not load the experiment" onRetry={() => void detail.refetch()} retrying={detail.isFetching}>
        {reasonOf(detail.error)}
      </LoadFailedAlert>
    );
  }
  return <ExperimentView detail={detail.data} headingAs={headingAs} />;
}

/** The experiment as its viewer may see it: also what the server renders of a shared one for signed-out visitors. */
export function ExperimentView({ detail, headingAs: Heading }: { detail: ExperimentDetail; headingAs: "h1" | "h2" }) {
  const base = useLabBase();
  const { isAuthenticated } = useAuth();
  const { experiment, access, updates, content, images } = detail;
  const manages = access !== "reader";

  return (
    <article className="flex flex-col gap-6">
      {Heading === "h1" ? <title>{`${experiment.title} · The Lab · The $100 Lab`}</title> : null}
      <header className="flex flex-col gap-4">
        {isAuthenticated ? (
          <Link
            to={base}
            className="focus-ring inline-flex w-fit items-center gap-1 rounded-sm text-sm font-semibold text-ink-muted hover:text-ink"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            The Lab
          </Link>
        ) : null}
        <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={experiment.status} />
              <Badge variant={experiment.visibility === "shared" ? "info" : "neutral"}>
                {experiment.visibility === "shared" ? "Shared" : "Private"}
              </Badge>
              <span className="text-sm text-ink-muted">by {experiment.ownerName}</span>
            </div>
            <Heading className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{experiment.title}</Heading>
            {experiment.startDate ? (
              <p className="text-sm text-ink-muted">
                Started {formatDay(experiment.startDate)}
                {experiment.completedOn ? `, completed ${formatDay(experiment.completedOn)}` : ""}
              </p>
            ) : (
              <p className="text-sm text-ink-muted">Planning: not started yet</p>
            )}
          </div>
          {manages ? (
            <Suspense fallback={<Spinner size="sm" label="Loading actions" />}>
              <ExperimentActions experiment={experiment} />
            </Suspense>
          ) : null}
        </div>
        {manages && experiment.visibility === "shared" ? <PublicPageLink id={experiment.id} /> : null}
      </header>

      <StatCardGrid title="Figures">
        <StatCard
          label="Investment"
          icon={DollarSign}
          value={dollars(experiment.spent)}
          detail={`of ${dollars(experiment.amount)} invested`}
        />
        <StatCard
          label="Current Result"
          icon={TrendingUp}
          value={experiment.currentResult === null ? "—" : <ResultText result={experiment.currentResult} />}
          detail={
            [
              experiment.currentResult === null ? "No result yet" : null,
              experiment.targetAmount === null ? null : `Target ${dollars(experiment.targetAmount)}`,
            ]
              .filter(Boolean)
              .join(" · ") || "Latest update's result"
          }
        />
        <StatCard
          label="Days"
          icon={CalendarDays}
          value={
            experiment.day === null
              ? `${experiment.totalDays}`
              : `${Math.min(experiment.day, experiment.totalDays)} / ${experiment.totalDays}`
          }
          detail={experiment.day === null ? "days planned" : experiment.status === "completed" ? "days run" : "days in, of the plan"}
        />
        <StatCard
          label="Funding Attempts"
          icon={Repeat}
          value={formatCount(experiment.fundingAttempts)}
          detail={countText(experiment.updateCount, "update")}
        />
      </StatCardGrid>
      <DayProgress experiment={experiment} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Hypothesis" icon={Lightbulb}>
            <p className="whitespace-pre-line text-ink">{experiment.hypothesis}</p>
            <p className="mt-3 flex items-center gap-2 text-sm text-ink-muted">
              <Target aria-hidden="true" className="size-4" />
              Success metric: <span className="font-medium text-ink">{experiment.targetMetric}</span>
            </p>
          </Section>
          <section aria-labelledby="log-title" className="flex flex-col gap-3">
            <h2 id="log-title" className="text-lg font-bold tracking-tight">
              Update log
            </h2>
            <UpdateLog updates={updates} />
            {manages && experiment.status === "running" ? (
              <Suspense fallback={<Spinner label="Loading the form" />}>
                <AddUpdateForm experimentId={experiment.id} left={experiment.amount - experiment.spent} />
              </Suspense>
            ) : null}
            {manages && experiment.status === "planning" ? (
              <p className="text-sm text-ink-muted">Start the experiment to log updates: day 1 is the day it starts.</p>
            ) : null}
          </section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {manages ? (
            <Section title="Content generated">
              {content.length === 0 ? (
                <p className="text-sm text-ink-muted">
                  No drafts yet. Generate Content writes a tweet, a thread and a LinkedIn post from this experiment.
                </p>
              ) : (
                <ul className="flex flex-col divide-y divide-line">
                  {content.map((item) => (
                    <li key={item.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span className="min-w-0 font-medium break-words">{item.title}</span>
                      <span className="flex shrink-0 items-center gap-2">
                        <Badge>{BANGER_TYPE_LABELS[item.type as BangerType] ?? item.type}</Badge>
                        <Badge variant={item.status === "posted" ? "success" : "neutral"} className="capitalize">
                          {item.status}
                        </Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          ) : null}
          <Section title="Next ideas">
            {experiment.nextContent.length === 0 ? (
              <p className="text-sm text-ink-muted">No content ideas planned.</p>
            ) : (
              <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
                {experiment.nextContent.map((idea) => (
                  <li key={idea}>{idea}</li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>

      <section aria-labelledby="images-title" className="flex flex-col gap-3">
        <h2 id="images-title" className="text-lg font-bold tracking-tight">
          Images
        </h2>
        {access === "owner" ? (
          <Suspense fallback={<Spinner label="Loading images" />}>
            <ImageDropWidget experimentId={experiment.id} />
          </Suspense>
        ) : images.length === 0 ? (
          <p className="text-sm text-ink-muted">No images yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {images.map((image) => (
              <li key={image.id}>
                <Card className="overflow-hidden">
                  <a href={image.url} target="_blank" rel="noreferrer" className="focus-ring block">
                    <img
                      src={image.thumbnailUrl}
                      alt={image.annotation || image.originalName}
                      className="aspect-square w-full bg-sunken object-cover"
                    />
                  </a>
                  <p className="truncate px-2 py-1.5 text-xs text-ink-muted">{image.annotation || image.originalName}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/** For whoever manages a shared experiment: the address of its public page, to copy. Rendered in the browser only. */
function PublicPageLink({ id }: { id: string }) {
  const publicUrl = `${window.location.origin}/lab/${id}`;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
      Public page: <span className="font-mono text-ink">{publicUrl}</span>
      <CopyButton text={publicUrl} size="sm" label="Copy link" />
    </div>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon?: typeof Lightbulb; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold tracking-tight">
        {Icon ? <Icon aria-hidden="true" className="size-5 text-brand-700" /> : null}
        {title}
      </h2>
      <div>{children}</div>
    </Card>
  );
}
