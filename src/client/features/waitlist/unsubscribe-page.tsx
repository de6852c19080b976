import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { CheckCircle2, Link2Off, MailX } from "lucide-react";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useFormReturn } from "#client/lib/form-return.ts";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { AuthCard } from "#client/features/auth/auth-card.tsx";
import { PostForm } from "#client/ui/post-form.tsx";

/**
 * The mail's visible unsubscribe link lands here and asks before doing anything: link scanners and
 * previews open links too, and must not unsubscribe anyone. (Mail clients' one-click POST skips this page.)
 */
export function UnsubscribePage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const unsubscribe = useMutation(trpc.waitlist.unsubscribe.mutationOptions());
  const returned = useFormReturn<{ unsubscribed: true }>();
  const [error, setError] = useState<string | null>(returned?.error ?? returned?.fieldErrors?.token ?? null);

  if (unsubscribe.isSuccess || returned?.result?.unsubscribed) return <Unsubscribed />;

  if (!token) {
    return (
      <>
        <title>Unsubscribe link incomplete · The $100 Lab</title>
        <AuthCard
          title="This unsubscribe link is incomplete"
          description="The link you followed has no token. Use the full link from the bottom of the email."
          icon={<Link2Off />}
          footer={<TextLink to="/">Back to The $100 Lab</TextLink>}
        >
          <p className="text-sm text-ink-muted">Every newsletter carries its own link; any of them works.</p>
        </AuthCard>
      </>
    );
  }

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (unsubscribe.isPending) return;
    setError(null);
    try {
      await unsubscribe.mutateAsync({ token });
    } catch (caught) {
      setError(errorMessage(caught, { fallback: "Failed to unsubscribe", network: "Network error. Please try again." }));
    }
  };

  return (
    <>
      <title>Unsubscribe · The $100 Lab</title>
      <AuthCard
        title="Unsubscribe from the newsletter?"
        description="You will stop getting The $100 Lab's newsletter. Your place on the waitlist is kept."
        icon={<MailX />}
        footer={<TextLink to="/">Keep me subscribed</TextLink>}
      >
        <PostForm
          // Back to the link's own address, so that a refusal shows this page again.
          action={`${PUBLIC_PAGES.unsubscribe}?token=${encodeURIComponent(token)}`}
          onSubmit={(event) => void confirm(event)}
          className="flex flex-col gap-5"
          busy={unsubscribe.isPending}
        >
          {error ? <Alert variant="error">{error}</Alert> : null}
          <input type="hidden" name="token" value={token} />
          <Button type="submit" size="lg" className="w-full" loading={unsubscribe.isPending}>
            Unsubscribe
          </Button>
        </PostForm>
      </AuthCard>
    </>
  );
}

function Unsubscribed() {
  return (
    <>
      <title>Unsubscribed · The $100 Lab</title>
      <AuthCard
        title="You're unsubscribed"
        description="You will get no more newsletters from The $100 Lab. Your place on the waitlist is kept."
        icon={<CheckCircle2 />}
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/">Back to The $100 Lab</Link>
        </Button>
      </AuthCard>
    </>
  );
}
