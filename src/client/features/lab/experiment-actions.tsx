import { useNavigate } from "react-router";
import { CheckCircle2, Copy, Play, Sparkles, Trash2 } from "lucide-react";
import { experimentPath, type Experiment, type ExperimentStatus } from "#common/lab/lab.ts";
import { track } from "#client/lib/analytics.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { Label } from "#client/ui/label.tsx";
import { Switch } from "#client/ui/switch.tsx";
import { toast } from "#client/ui/toast.tsx";
import { ExperimentFormButton } from "./experiment-form-dialog";
import { useLabBase } from "./lab-base";
import { reasonOf } from "./lab-texts";

/** The owner's buttons: Start or Complete, Edit, Generate Content, Create Template once completed, Share and Delete. */
export function ExperimentActions({ experiment }: { experiment: Experiment }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const base = useLabBase();
  const queryClient = useQueryClient();
  const move = useMutation(trpc.lab.move.mutationOptions());
  const setVisibility = useMutation(trpc.lab.setVisibility.mutationOptions());
  const generate = useMutation(trpc.lab.generateContent.mutationOptions());
  const template = useMutation(trpc.lab.createTemplate.mutationOptions());
  const remove = useMutation(trpc.lab.delete.mutationOptions());
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.lab.get.queryFilter({ id: experiment.id })),
      queryClient.invalidateQueries(trpc.lab.list.pathFilter()),
      queryClient.invalidateQueries(trpc.lab.calendar.pathFilter()),
    ]);

  const run = async (action: () => Promise<void>, failure: string) => {
    try {
      await action();
    } catch (error) {
      toast({ variant: "error", title: failure, description: reasonOf(error) });
    }
    await refresh();
  };

  const moveTo = (status: ExperimentStatus) =>
    run(async () => {
      await move.mutateAsync({ id: experiment.id, status });
      if (status === "running") track("experiment_start", { experimentId: experiment.id, value: experiment.amount });
      toast({ variant: "success", title: status === "running" ? "Experiment started: day 1" : "Experiment completed" });
    }, "Could not change the status");

  const generateContent = () =>
    run(async () => {
      const { content } = await generate.mutateAsync({ id: experiment.id });
      track("content_generate", { experimentId: experiment.id, value: content.length });
      toast({
        variant: "success",
        title: "Content drafts created",
        description: "A tweet, a thread and a LinkedIn post, in the content bangers.",
      });
    }, "Could not generate content");

  const createTemplate = () =>
    run(async () => {
      const { experiment: copy } = await template.mutateAsync({ id: experiment.id });
      toast({ variant: "success", title: "Template created", description: copy.title });
      void navigate(experimentPath(base, copy.id));
    }, "Could not create the template");

  const deleteExperiment = async () => {
    try {
      await remove.mutateAsync({ id: experiment.id });
    } catch (error) {
      toast({ variant: "error", title: "Could not delete the experiment", description: reasonOf(error) });
      throw error;
    }
    toast({ variant: "success", title: "Experiment deleted", description: experiment.title });
    queryClient.removeQueries(trpc.lab.get.queryFilter({ id: experiment.id }));
    void navigate(base);
    await Promise.all([
      queryClient.invalidateQueries(trpc.lab.list.pathFilter()),
      queryClient.invalidateQueries(trpc.lab.calendar.pathFilter()),
    ]);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {experiment.status === "planning" ? (
        <Button onClick={() => void moveTo("running")} loading={move.isPending}>
          <Play aria-hidden="true" />
          Start Experiment
        </Button>
      ) : null}
      {experiment.status === "running" ? (
        <Button variant="secondary" onClick={() => void moveTo("completed")} loading={move.isPending}>
          <CheckCircle2 aria-hidden="true" />
          Complete Experiment
        </Button>
      ) : null}
      <ExperimentFormButton experiment={experiment} />
      <Button variant="outline" onClick={() => void generateContent()} loading={generate.isPending}>
        <Sparkles aria-hidden="true" />
        Generate Content
      </Button>
      {experiment.status === "completed" ? (
        <Button variant="outline" onClick={() => void createTemplate()} loading={template.isPending}>
          <Copy aria-hidden="true" />
          Create Template
        </Button>
      ) : null}
      <div className="flex items-center gap-2 rounded-control border border-line bg-surface px-3 py-1.5">
        <Switch
          id={`share-${experiment.id}`}
          checked={experiment.visibility === "shared"}
          disabled={setVisibility.isPending}
          onCheckedChange={(shared) =>
            void run(async () => {
              await setVisibility.mutateAsync({ id: experiment.id, visibility: shared ? "shared" : "private" });
              toast({ variant: "success", title: shared ? "Shared with the community" : "Private again" });
            }, "Could not change who can see it")
          }
        />
        <Label htmlFor={`share-${experiment.id}`} className="font-normal">
          Shared
        </Label>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800">
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        }
        destructive
        title="Delete this experiment?"
        description={
          <>
            <strong className="font-semibold text-ink">{experiment.title}</strong>, its update log and its images (their files included) are
            deleted, and its shared page stops working at once. This cannot be undone.
          </>
        }
        confirmLabel="Delete experiment"
        onConfirm={deleteExperiment}
      />
    </div>
  );
}
