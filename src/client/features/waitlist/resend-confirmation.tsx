import { useState, type FormEvent } from "react";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { RESEND_INTENT } from "#common/waitlist/waitlist.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { apiClient } from "#client/lib/api-client.ts";
import { Button } from "#client/ui/button.tsx";
import { PostForm } from "#client/ui/post-form.tsx";

/**
 * "Resend the link" on the success card. Without scripts it posts to the landing page, which calls the same
 * procedure (and spends the same rate-limit budget) as this button.
 */
export function ResendConfirmation({ email, resent }: { email: string; resent?: string | undefined }) {
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: resent ?? null,
    error: false,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.busy) return;
    setState({ busy: true, message: null, error: false });
    try {
      const { message } = await (await apiClient()).waitlist.resendConfirmation.mutate({ email });
      setState({ busy: false, message, error: false });
    } catch (caught) {
      setState({
        busy: false,
        message: errorMessage(caught, { fallback: "Something went wrong", network: "Network error. Please try again." }),
        error: true,
      });
    }
  };

  return (
    <PostForm
      action={PUBLIC_PAGES.landing}
      onSubmit={(event) => void submit(event)}
      busy={state.busy}
      className="flex flex-col items-center gap-2"
    >
      <input type="hidden" name="intent" value={RESEND_INTENT} />
      <input type="hidden" name="email" value={email} />
      <Button type="submit" variant="outline" size="sm" loading={state.busy}>
        Resend the link
      </Button>
      {state.message ? (
        <p role="status" className={state.error ? "text-sm text-red-700" : "text-sm text-ink-muted"}>
          {state.message}
        </p>
      ) : null}
    </PostForm>
  );
}
