import { useEffect, useState } from "react";
import { EMAIL_TEMPLATE_ERRORS, EMAIL_TEMPLATE_SAMPLE_DATA, type EmailTemplate } from "#common/email-templates/templates.ts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { Field } from "#client/ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/ui/tabs.tsx";
import { reasonOf } from "./email-templates-texts";

/**
 * The preview dialog: the template rendered by the server with the type's sample data. The HTML is shown in
 * an iframe with `sandbox=""` (no scripts, no forms, no same-origin), so nothing in it ever runs.
 */
export function TemplatePreviewDialog({ template, onClose }: { template: EmailTemplate | null; onClose: () => void }) {
  return (
    <Dialog open={template !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="xl">{template ? <PreviewBody template={template} /> : null}</DialogContent>
    </Dialog>
  );
}

function PreviewBody({ template }: { template: EmailTemplate }) {
  const trpc = useTRPC();
  const preview = useMutation(trpc.emailTemplates.preview.mutationOptions());
  const [source, setSource] = useState(SAMPLE);
  const { mutate } = preview;
  useEffect(() => {
    mutate(
      source === SAMPLE
        ? { templateId: template.id, data: EMAIL_TEMPLATE_SAMPLE_DATA[template.type] }
        : { templateId: template.id, data: {}, waitlistEntryId: source },
    );
  }, [mutate, source, template.id, template.type, template.updatedAt]);

  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Preview: {template.name}</DialogTitle>
        <DialogDescription>Rendered by the server. Links and scripts in the preview are inert.</DialogDescription>
      </DialogHeader>
      {template.type === "waitlist_welcome" ? <DataSourceSelect value={source} onChange={setSource} /> : null}
      {preview.isError ? (
        <Alert variant="error" title={EMAIL_TEMPLATE_ERRORS.preview}>
          {reasonOf(preview.error)}
        </Alert>
      ) : !preview.data ? (
        <div className="flex justify-center p-12 text-ink-muted">
          <Spinner label="Rendering the preview" />
        </div>
      ) : (
        <>
          <p className="text-sm">
            <span className="font-semibold text-ink-muted">Subject: </span>
            <span data-testid="preview-subject">{preview.data.subject}</span>
          </p>
          {preview.data.warnings.length > 0 ? (
            <Alert variant="warning" title="Check these variables">
              <ul className="list-disc pl-4">
                {preview.data.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <Tabs defaultValue="html">
            <TabsList>
              <TabsTrigger value="html">HTML</TabsTrigger>
              <TabsTrigger value="text">Plain text</TabsTrigger>
            </TabsList>
            <TabsContent value="html">
              <iframe
                title="HTML preview"
                sandbox=""
                srcDoc={preview.data.html}
                className="h-[60vh] w-full rounded-control border border-line bg-white"
              />
            </TabsContent>
            <TabsContent value="text">
              <pre className="max-h-[60vh] overflow-auto rounded-control border border-line bg-sunken p-4 text-sm whitespace-pre-wrap">
                {preview.data.text}
              </pre>
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

const SAMPLE = "sample";

/** Sample data, or one of the 20 latest waitlist entries (the welcome mail exactly as that person got it). */
function DataSourceSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const trpc = useTRPC();
  const entries = useQuery(trpc.waitlist.adminList.queryOptions({ page: 1, pageSize: 20 }));
  return (
    <Select value={value} onValueChange={onChange}>
      <Field label="Data" id="preview-data-source" className="sm:w-80">
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </Field>
      <SelectContent>
        <SelectItem value={SAMPLE}>Sample data</SelectItem>
        {(entries.data?.entries ?? []).map((entry) => (
          <SelectItem key={entry.id} value={entry.id}>
            #{entry.position} {entry.name ?? entry.email}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
