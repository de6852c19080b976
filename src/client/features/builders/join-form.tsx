import { useEffect } from "react";
import { BUILDER_TAGS, type BuilderTag } from "#common/builders/builders.ts";
import { builderSubmitInput } from "#common/builders/input.ts";
import { returnedList, returnedText, type FormReturn } from "#common/forms/form-post.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { useFormReturn, useTypedBeforeHydration } from "#client/lib/form-return.ts";
import { useHydrated } from "#client/lib/use-hydrated.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useRevalidator } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { useSubmitHint } from "#client/ui/submit-hint.tsx";
import { EMPTY_PROFILE, ProfileEmailField, ProfileFields, type ProfileValues } from "./profile-fields";
import { useProfileForm } from "./use-profile-form";
import { PostForm } from "#client/ui/post-form.tsx";

type JoinValues = ProfileValues & { email: string };

const isTag = (value: string): value is BuilderTag => (BUILDER_TAGS as readonly string[]).includes(value);

/** The profile as a refused post typed it. */
function returnedProfile(returned: FormReturn): JoinValues {
  const text = (name: Exclude<keyof JoinValues, "tags">) => returnedText(returned, name);
  return {
    name: text("name"),
    email: text("email"),
    title: text("title"),
    bio: text("bio"),
    location: text("location"),
    twitterHandle: text("twitterHandle"),
    websiteUrl: text("websiteUrl"),
    linkedinUrl: text("linkedinUrl"),
    currentProject: text("currentProject"),
    avatarUrl: text("avatarUrl"),
    tags: returnedList(returned, "tags").filter(isTag),
  };
}

const ready = (current: JoinValues) => current.name.trim().length > 0 && current.email.trim().length > 0;

export type JoinFormProps = {
  /** Called with the submitted name and the server's answer once the join is received. */
  onJoined: (joined: { name: string; message: string }) => void;
};

/**
 * The Builder join form: idle, loading, success, error. Name and email are
 * required; the same zod schema as the server checks everything before the call.
 */
export function JoinForm({ onJoined }: JoinFormProps) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const revalidator = useRevalidator();
  const submitMutation = useMutation(trpc.builders.submit.mutationOptions());
  const returned = useFormReturn();
  const { values, fieldErrors, formError, saving, canSubmit, change, submit, setUploading, adopt } = useProfileForm({
    // What a refused post without scripts typed; else a signed-in member most likely joins with their own account.
    initial: (): JoinValues =>
      returned ? returnedProfile(returned) : { ...EMPTY_PROFILE, name: user?.name ?? "", email: user?.email ?? "" },
    refused: returned,
    schema: builderSubmitInput,
    ready,
    save: async (data) => {
      const { message } = await submitMutation.mutateAsync(data);
      // The new profile is pending, but reload the directory so it is current.
      void revalidator.revalidate();
      onJoined({ name: data.name, message });
    },
  });

  // Without scripts the browser posts the form as it is: the button is never disabled in the server's HTML.
  const hydrated = useHydrated();
  const submitHint = useSubmitHint(hydrated && !ready(values), "Fill in your name and email to submit.");
  const formRef = useTypedBeforeHydration(adopt);
  // The form mounts when the person opens the panel (it loads lazily): start them in the first field.
  useEffect(() => {
    if (!returned) formRef.current?.querySelector<HTMLInputElement>("input[name='name']")?.focus({ preventScroll: true });
  }, [formRef, returned]);

  return (
    <PostForm
      ref={formRef}
      action={`${PUBLIC_PAGES.builders}#join-the-community`}
      onSubmit={(event) => void submit(event)}
      busy={saving}
      className="flex flex-col gap-6"
    >
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <ProfileFields
        idPrefix="join"
        onUploadingChange={setUploading}
        values={values}
        errors={fieldErrors}
        onChange={change}
        afterName={
          <ProfileEmailField idPrefix="join" value={values.email} error={fieldErrors.email} onChange={(email) => change("email", email)} />
        }
      />
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-ink-muted">New profiles are reviewed before they appear in the directory.</p>
          {submitHint.element}
        </div>
        <Button
          type="submit"
          size="lg"
          loading={saving}
          disabled={hydrated && !canSubmit}
          aria-describedby={submitHint.describedBy}
          className="sm:min-w-44"
        >
          Submit Profile
        </Button>
      </div>
    </PostForm>
  );
}
