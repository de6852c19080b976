import { useState } from "react";
import { Mail, Plus, Sprout } from "lucide-react";
import { DELETE_TEMPLATE_CONFIRMATION, EMAIL_TEMPLATE_ERRORS, type EmailTemplate } from "#common/email-templates/templates.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert, LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { RefreshButton } from "#client/ui/refresh-button.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { toast } from "#client/ui/toast.tsx";
import { reasonOf } from "./email-templates-texts";
import { TemplateCard } from "./template-card";
import { TemplateEditorDialog } from "./template-editor-dialog";
import { TemplatePreviewDialog } from "./template-preview-dialog";

/** /admin/email-templates: the grid with preview, edit, delete and a test send per template; New, Seed Examples, Refresh. */
export function EmailTemplatesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.emailTemplates.list.queryOptions());
  const seed = useMutation(trpc.emailTemplates.seed.mutationOptions());
  const deleteTemplate = useMutation(trpc.emailTemplates.delete.mutationOptions());
  const [editing, setEditing] = useState<EmailTemplate | "new" | null>(null);
  const [previewing, setPreviewing] = useState<EmailTemplate | null>(null);
  const [toDelete, setToDelete] = useState<EmailTemplate | null>(null);
  const [pageError, setPageError] = useState<{ title: string; reason: string } | null>(null);

  const templates = list.data?.templates ?? [];
  const refresh = () => queryClient.invalidateQueries(trpc.emailTemplates.list.pathFilter());

  const runSeed = async () => {
    setPageError(null);
    try {
      const { templates: written } = await seed.mutateAsync();
      toast({
        variant: "success",
        title:
          written.length > 0
            ? `Added ${written.length} example template${written.length === 1 ? "" : "s"}`
            : "Every type already has a template",
        description: written.join(", ") || "Nothing was changed.",
      });
    } catch (error) {
      setPageError({ title: EMAIL_TEMPLATE_ERRORS.seed, reason: reasonOf(error) });
    }
    await refresh();
  };

  const remove = async (template: EmailTemplate) => {
    setPageError(null);
    try {
      await deleteTemplate.mutateAsync({ id: template.id });
      toast({ variant: "success", title: "Template deleted", description: template.name });
    } catch (error) {
      setPageError({ title: EMAIL_TEMPLATE_ERRORS.delete, reason: reasonOf(error) });
    }
    await refresh();
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <RefreshButton onRefresh={() => void list.refetch()} refreshing={list.isFetching && !list.isPending} />
        <ConfirmDialog
          trigger={
            <Button variant="outline">
              <Sprout aria-hidden="true" />
              Seed Examples
            </Button>
          }
          title="Add the example templates?"
          description="This adds a welcome, an alert and a newsletter example for each type that has no template yet. Existing templates are not changed."
          confirmLabel="Add examples"
          onConfirm={runSeed}
        />
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          New Template
        </Button>
      </div>

      {pageError ? (
        <Alert variant="error" title={pageError.title}>
          {pageError.reason}
        </Alert>
      ) : null}

      {list.isError ? (
        <LoadFailedAlert title={EMAIL_TEMPLATE_ERRORS.fetch} onRetry={() => void list.refetch()} retrying={list.isFetching}>
          {reasonOf(list.error)}
        </LoadFailedAlert>
      ) : list.isPending ? (
        <div className="flex items-center justify-center rounded-panel border border-line bg-surface p-16 text-ink-muted">
          <Spinner label="Loading the templates" />
        </div>
      ) : templates.length === 0 ? (
        <EmptyState
          icon={Mail}
          title="No email templates yet."
          description={<p>Until you add one, the site sends its built-in welcome mail. Seed the examples to start from them.</p>}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Email templates">
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} onPreview={setPreviewing} onEdit={setEditing} onDelete={setToDelete} />
          ))}
        </ul>
      )}

      <TemplateEditorDialog editing={editing} onClose={() => setEditing(null)} />
      <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        destructive
        title={toDelete ? `Delete “${toDelete.name}”?` : "Delete this template?"}
        description={DELETE_TEMPLATE_CONFIRMATION}
        confirmLabel="Delete template"
        onConfirm={async () => {
          if (toDelete) await remove(toDelete);
        }}
      />
    </div>
  );
}
