import { useState } from "react";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import * as z from "zod/mini";
import {
  metaConfigInput,
  ROBOTS_VALUES,
  SCHEMA_TYPES,
  TWITTER_CARD_LABELS,
  TWITTER_CARD_TYPES,
  TWITTER_DESCRIPTION_MAX,
  type MetaConfig,
  type MetaTagsState,
} from "#common/site-assets/meta.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { useDebouncedValue } from "#client/lib/use-debounced-value.ts";
import { Alert, LoadFailedAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { ColorField } from "./favicon-color-field";
import { SelectField } from "#client/ui/select-field.tsx";

const ERROR_TEXTS = { fallback: "The meta tags could not be saved. Please try again.", network: "Network error. Please try again." };
/** Status messages clear after 10 s. */
const STATUS_CLEAR_MS = 10_000;

/** The Meta Tags tab: the site's head tags, stored on the server, which writes them into every public page. */
export function MetaTagsTab() {
  const trpc = useTRPC();
  const state = useQuery(trpc.siteAssets.metaTags.queryOptions());
  if (state.isPending) return <PageSpinner label="Loading the meta tags" />;
  if (state.isError) {
    return (
      <LoadFailedAlert title="Failed to load the meta tags" onRetry={() => void state.refetch()} retrying={state.isFetching}>
        {errorMessage(state.error, { fallback: "Please try again.", network: "Network error. Please try again." })}
      </LoadFailedAlert>
    );
  }
  return <MetaTagsForm initial={state.data} />;
}

type FieldName = keyof MetaConfig;

function MetaTagsForm({ initial }: { initial: MetaTagsState }) {
  const trpc = useTRPC();
  const [values, setValues] = useState<MetaConfig>(initial.config);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const save = useMutation(trpc.siteAssets.saveMetaTags.mutationOptions());
  const queryClient = useQueryClient();
  const parsed = z.safeParse(metaConfigInput, values);
  const errors: Partial<Record<FieldName, string>> = parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const settled = useDebouncedValue(parsed.success ? parsed.data : null, 300);
  const preview = useQuery(trpc.siteAssets.metaTagsPreview.queryOptions(settled ?? skipToken, { placeholderData: (previous) => previous }));
  const headHtml = preview.data?.headHtml ?? initial.headHtml;

  const set = <K extends FieldName>(name: K, value: MetaConfig[K]) => setValues((current) => ({ ...current, [name]: value }));
  const text = (name: Exclude<FieldName, "schemaSameAs">) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  });
  const showStatus = (next: typeof status) => {
    setStatus(next);
    setTimeout(() => setStatus((current) => (current === next ? null : current)), STATUS_CLEAR_MS);
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.path[0];
      if (typeof first === "string") (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...parsed.data, schemaSameAs: parsed.data.schemaSameAs.filter(Boolean) });
      setValues(saved.config);
      queryClient.setQueryData(trpc.siteAssets.metaTags.queryKey(), saved);
      showStatus({ kind: "success", text: "Meta tags saved. Every public page carries them from now on." });
    } catch (cause) {
      showStatus({ kind: "error", text: errorMessage(cause, ERROR_TEXTS) });
    }
  };

  const site = values.ogUrl || initial.publicUrl;
  return (
    <form className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" onSubmit={(event) => void submit(event)} noValidate>
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Site</CardTitle>
            <CardDescription>What search engines and link previews show for the site.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field label="Site Title" error={errors.title} className="sm:col-span-2">
              <Input {...text("title")} />
            </Field>
            <Field label="Description" error={errors.description} className="sm:col-span-2">
              <Textarea {...text("description")} rows={3} />
            </Field>
            <Field label="Site URL" error={errors.ogUrl} optional hint={`Empty uses ${initial.publicUrl}`}>
              <Input {...text("ogUrl")} type="url" placeholder={initial.publicUrl} />
            </Field>
            <Field
              label="OG Image URL"
              error={errors.ogImageUrl}
              optional
              hint={initial.activeOgImage ? "Empty uses the active OG image" : "Empty: no image until one is made in OG Generator"}
            >
              <Input {...text("ogImageUrl")} placeholder={initial.activeOgImage ?? "https://…/og.png"} />
            </Field>
            <Field label="Keywords" error={errors.keywords} optional hint="Comma-separated" className="sm:col-span-2">
              <Input {...text("keywords")} />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Twitter card</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Twitter card type"
              name="twitterCard"
              value={values.twitterCard}
              options={TWITTER_CARD_TYPES.map((value) => ({ value, label: TWITTER_CARD_LABELS[value] }))}
              onChange={(value) => set("twitterCard", value)}
              className="sm:col-span-2"
            />
            <Field label="Site Handle" error={errors.twitterSite} optional>
              <Input {...text("twitterSite")} placeholder="@yoursite" />
            </Field>
            <Field label="Creator Handle" error={errors.twitterCreator} optional>
              <Input {...text("twitterCreator")} placeholder="@you" />
            </Field>
            <Field label="Twitter Title" error={errors.twitterTitle} optional hint="Empty uses the site title" className="sm:col-span-2">
              <Input {...text("twitterTitle")} />
            </Field>
            <Field
              label="Twitter Description"
              error={errors.twitterDescription}
              optional
              className="sm:col-span-2"
              labelAside={
                <span
                  className={
                    values.twitterDescription.length > TWITTER_DESCRIPTION_MAX
                      ? "text-sm font-medium text-red-700"
                      : "text-sm text-ink-muted"
                  }
                >
                  {values.twitterDescription.length}/{TWITTER_DESCRIPTION_MAX}
                </span>
              }
            >
              <Textarea {...text("twitterDescription")} rows={3} />
            </Field>
            <Field label="Twitter Image URL" error={errors.twitterImage} optional hint="Empty uses the OG image">
              <Input {...text("twitterImage")} />
            </Field>
            <Field label="Image Alt Text" error={errors.twitterImageAlt} optional>
              <Input {...text("twitterImageAlt")} />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Search and schema</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field label="Canonical URL" error={errors.canonical} optional hint={`Each page's address starts with it. Empty uses ${site}`}>
              <Input {...text("canonical")} type="url" />
            </Field>
            <Field label="Author" error={errors.author} optional>
              <Input {...text("author")} />
            </Field>
            <SelectField
              label="Robots"
              name="robots"
              value={values.robots}
              options={ROBOTS_VALUES.map((value) => ({ value, label: value }))}
              onChange={(value) => set("robots", value)}
            />
            <ColorField
              label="Theme colour"
              name="themeColor"
              value={values.themeColor}
              onChange={(value) => set("themeColor", value)}
              error={errors.themeColor}
            />
            <SelectField
              label="Schema type"
              name="schemaType"
              value={values.schemaType}
              options={SCHEMA_TYPES.map((value) => ({ value, label: value }))}
              onChange={(value) => set("schemaType", value)}
            />
            <Field label="Schema name" error={errors.schemaName} optional hint="Empty uses the site title">
              <Input {...text("schemaName")} />
            </Field>
            <Field label="Schema logo" error={errors.schemaLogo} optional className="sm:col-span-2">
              <Input {...text("schemaLogo")} placeholder="/android-chrome-512x512.png" />
            </Field>
            <Field
              label="Same-as profiles"
              error={errors.schemaSameAs}
              optional
              hint="One profile URL a line (X, LinkedIn, GitHub…)"
              className="sm:col-span-2"
            >
              <Textarea
                name="schemaSameAs"
                rows={3}
                value={values.schemaSameAs.join("\n")}
                onChange={(event) =>
                  set(
                    "schemaSameAs",
                    event.target.value
                      .split("\n")
                      .map((line) => line.trim())
                      .filter((line, i, all) => line !== "" || i === all.length - 1),
                  )
                }
              />
            </Field>
          </CardContent>
        </Card>
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Generated meta tags</CardTitle>
            <CardDescription>Exactly what the server writes into the home page for crawlers, which run no JavaScript.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <pre
              aria-label="Generated meta tag code"
              className="max-h-[32rem] overflow-auto rounded-control bg-stone-900 p-3 text-xs leading-relaxed break-all whitespace-pre-wrap text-stone-100"
            >
              <code>{headHtml.replace(/\n\s+/g, "\n")}</code>
            </pre>
            <CopyButton text={headHtml.replace(/\n\s+/g, "\n")} label="Copy to Clipboard" className="w-fit" />
          </CardContent>
        </Card>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            <Save aria-hidden /> {save.isPending ? "Saving..." : "Save Meta Tags"}
          </Button>
          {!parsed.success ? <span className="text-sm text-red-700">Fix the marked fields to save.</span> : null}
        </div>
        {status ? <Alert variant={status.kind}>{status.text}</Alert> : null}
      </div>
    </form>
  );
}
