import { CalendarDays, DollarSign, Eye, FlaskConical, Users } from "lucide-react";
import type { Experiment } from "#common/lab/lab.ts";
import { formatCount } from "#client/lib/format.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/ui/tabs.tsx";
import { ExperimentCard } from "./experiment-card";
import { ExperimentFormButton } from "./experiment-form-dialog";
import { LabCalendarView } from "./lab-calendar";
import { useLabBase } from "./lab-base";
import { dollars, reasonOf } from "./lab-texts";

/** The Lab (/lab and /admin/lab): the stats, the tabs Experiments and Content Calendar, and the Community. */
export function LabPage() {
  const trpc = useTRPC();
  const base = useLabBase();
  const list = useQuery(trpc.lab.list.queryOptions());

  if (list.isError) {
    return (
      <LoadFailedAlert title="Could not load your experiments" onRetry={() => void list.refetch()} retrying={list.isFetching}>
        {reasonOf(list.error)}
      </LoadFailedAlert>
    );
  }
  const stats = list.data?.stats;
  return (
    <div className="flex flex-col gap-8">
      <StatCardGrid title="Your lab at a glance" className="grid-cols-1 sm:grid-cols-3 xl:grid-cols-3">
        <StatCard
          label="Active Experiments"
          icon={FlaskConical}
          loading={!stats}
          value={formatCount(stats?.activeExperiments ?? 0)}
          detail="Running now"
        />
        <StatCard
          label="Content Views"
          icon={Eye}
          loading={!stats}
          value={formatCount(stats?.contentViews ?? 0)}
          detail="Views of your shared pages and images"
        />
        <StatCard
          label="Total Invested"
          icon={DollarSign}
          loading={!stats}
          value={dollars(stats?.totalInvested ?? 0)}
          detail="Spent across your experiments"
        />
      </StatCardGrid>

      <Tabs defaultValue="experiments">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="The Lab">
            <TabsTrigger value="experiments">
              <FlaskConical aria-hidden="true" />
              Experiments
            </TabsTrigger>
            <TabsTrigger value="calendar">
              <CalendarDays aria-hidden="true" />
              Content Calendar
            </TabsTrigger>
          </TabsList>
          <ExperimentFormButton />
        </div>
        <TabsContent value="experiments">
          {list.data ? <ExperimentGrid experiments={list.data.experiments} base={base} /> : <Spinner label="Loading experiments" />}
        </TabsContent>
        <TabsContent value="calendar">
          <LabCalendarView base={base} />
        </TabsContent>
      </Tabs>

      <section aria-labelledby="community-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="community-title" className="flex items-center gap-2 text-xl font-bold tracking-tight text-ink">
            <Users aria-hidden="true" className="size-5" />
            Community
          </h2>
          <p className="text-sm text-ink-muted">Experiments other builders shared. Read them, borrow what works.</p>
        </div>
        {!list.data ? (
          <Spinner label="Loading the community's experiments" />
        ) : list.data.community.length === 0 ? (
          <EmptyState icon={Users} title="No shared experiments yet" description="When builders share an experiment, it shows here." />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {list.data.community.map((experiment) => (
              <ExperimentCard key={experiment.id} experiment={experiment} base={base} showOwner />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ExperimentGrid({ experiments, base }: { experiments: Experiment[]; base: string }) {
  if (experiments.length === 0) {
    return (
      <EmptyState
        icon={FlaskConical}
        title="No experiments yet"
        description="Start with one idea and at most $100: write the hypothesis, pick a success metric, and log what happens."
      />
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Your experiments">
      {experiments.map((experiment) => (
        <ExperimentCard key={experiment.id} experiment={experiment} base={base} />
      ))}
    </ul>
  );
}
