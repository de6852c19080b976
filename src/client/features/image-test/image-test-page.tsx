import { useCallback, useRef, useState } from "react";
import { PartyPopper, RotateCcw } from "lucide-react";
import { IMAGE_TEST_TOTAL, IMAGE_TESTS, type ImageTestName, type ImageTestProgress } from "#common/image-test/image-test.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Progress } from "#client/ui/progress.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { toast } from "#client/ui/toast.tsx";
import { ImageDropWidget } from "#client/features/images/image-drop-widget.tsx";
import type { WidgetImage } from "#client/features/images/widget-image.ts";
import { ExperimentDataPanel } from "./experiment-data-panel";
import { TestCard } from "./test-card";

/** The images this page adds belong to their own experiment, apart from the Lab's. */
export const IMAGE_TEST_EXPERIMENT = "image-test";

const ERROR_TEXTS = { fallback: "Please try again.", network: "Network error. Please try again." };

/** /admin/image-test: try each of the widget's five features and mark it complete; progress is kept per admin. */
export function ImageTestPage() {
  const trpc = useTRPC();
  const progress = useQuery(trpc.imageTest.get.queryOptions());
  if (progress.isPending) return <PageSpinner label="Loading your image test progress" />;
  if (progress.isError) {
    return (
      <LoadFailedAlert
        title="Failed to load your image test progress"
        onRetry={() => void progress.refetch()}
        retrying={progress.isFetching}
      >
        {errorMessage(progress.error, ERROR_TEXTS)}
      </LoadFailedAlert>
    );
  }
  return <ImageTest progress={progress.data} />;
}

function ImageTest({ progress }: { progress: ImageTestProgress }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const completeMutation = useMutation(trpc.imageTest.complete.mutationOptions());
  const resetMutation = useMutation(trpc.imageTest.reset.mutationOptions());
  const [images, setImages] = useState<readonly WidgetImage[]>([]);
  const [openedAt] = useState(() => new Date().toISOString());
  // Automatic completions already asked for: a second drop must not send a second request.
  const requested = useRef(new Set<ImageTestName>());

  const done = IMAGE_TESTS.filter((test) => progress.completed[test]).length;
  const allDone = done === IMAGE_TEST_TOTAL;

  const complete = useCallback(
    async (test: ImageTestName) => {
      try {
        queryClient.setQueryData(trpc.imageTest.get.queryKey(), await completeMutation.mutateAsync({ test }));
      } catch (cause) {
        requested.current.delete(test);
        toast({ variant: "error", title: "Could not save the test as complete", description: errorMessage(cause, ERROR_TEXTS) });
      }
    },
    [completeMutation, queryClient, trpc],
  );

  const onAction = useCallback(
    (test: ImageTestName) => {
      if (progress.completed[test] || requested.current.has(test)) return;
      requested.current.add(test);
      void complete(test);
    },
    [complete, progress.completed],
  );

  const reset = async () => {
    try {
      queryClient.setQueryData(trpc.imageTest.get.queryKey(), await resetMutation.mutateAsync());
      requested.current.clear();
    } catch (cause) {
      toast({ variant: "error", title: "Could not reset the tests", description: errorMessage(cause, ERROR_TEXTS) });
      throw cause;
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h2 className="text-sm font-semibold text-ink-muted">Progress</h2>
            <p className="text-3xl font-bold tracking-tight tabular-nums">
              {done}/{IMAGE_TEST_TOTAL}
              <span className="ml-2 text-base font-medium text-ink-muted">feature tests complete</span>
            </p>
          </div>
          <ConfirmDialog
            title="Start the image tests over?"
            description="All five tests go back to not done, for you only. Your images stay."
            confirmLabel="Start over"
            onConfirm={reset}
            trigger={
              <Button variant="outline" size="sm" disabled={done === 0}>
                <RotateCcw aria-hidden="true" />
                Start over
              </Button>
            }
          />
        </div>
        <Progress
          value={done}
          max={IMAGE_TEST_TOTAL}
          label={`Image tests: ${done} of ${IMAGE_TEST_TOTAL} complete`}
          indicatorClassName={allDone ? "bg-emerald-600" : undefined}
        />
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
            <h2 className="text-lg font-semibold text-emerald-900">All five feature tests complete!</h2>
            <p className="text-sm text-emerald-900/90">
              Drag and drop, paste, choose files, annotate and share all work. The widget is ready for The Lab's experiments.
            </p>
          </div>
        </section>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardHeader>
            <CardTitle>Test Area</CardTitle>
            <CardDescription>Each feature you use here successfully is marked complete below.</CardDescription>
          </CardHeader>
          <CardContent>
            <ImageDropWidget experimentId={IMAGE_TEST_EXPERIMENT} onAction={onAction} onImagesChange={setImages} />
          </CardContent>
        </Card>
        <ExperimentDataPanel experimentId={IMAGE_TEST_EXPERIMENT} progress={progress} openedAt={openedAt} images={images} />
      </div>

      <section aria-labelledby="image-tests-title" className="flex flex-col gap-3">
        <h2 id="image-tests-title" className="text-lg font-semibold tracking-tight">
          Feature Tests
        </h2>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {IMAGE_TESTS.map((test) => (
            <li key={test} className="flex">
              <TestCard test={test} completedAt={progress.completed[test] ?? null} onComplete={() => complete(test)} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
