import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { Link2Off, MailCheck, PartyPopper } from "lucide-react";
import type { WaitlistConfirmResult } from "#common/waitlist/waitlist.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "#client/lib/errors.ts";
import { useFormReturn } from "#client/lib/form-return.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { PostForm } from "#client/ui/post-form.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { AuthCard } from "#client/features/auth/auth-card.tsx";
import { ReferralShare } from "./referral-share";

/**
 * The confirmation mail's link lands here and confirms on a button press, not on the visit: mail scanners and
 * link previews open links too, and must not confirm an address nobody has read mail at.
 */
export function ConfirmPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const confirm = useMutation(trpc.waitlist.confirm.mutationOptions());
  const returned = useFormReturn<WaitlistConfirmResult>();
  const [error, setError] = useState<string | null>(returned?.error ?? returned?.fieldErrors?.token ?? null);

  const confirmed = confirm.data ?? returned?.result;
  if (confirmed) return <Confirmed result={confirmed} />;

  if (!token) {
    return (
      <AuthCard
        title="This confirmation link is incomplete"
        description="The link you followed has no token. Use the full link from the email."
        icon={<Link2Off />}
        footer={<TextLink to="/">Back to The $100 Lab</TextLink>}
      >
        <p className="text-sm text-ink-muted">Lost the email? Join again with the same address on the home page to get a new link.</p>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setError(null);
    try {
      await confirm.mutateAsync({ token });
    } catch (caught) {
      setError(errorMessage(caught, { fallback: "Failed to confirm", network: "Network error. Please try again." }));
    }
  };

  return (
    <AuthCard
      title="Confirm your email"
      description="One click to confirm your place on The $100 Lab waitlist."
      icon={<MailCheck />}
      footer={<TextLink to="/">Back to The $100 Lab</TextLink>}
    >
      <PostForm
        // Back to the link's own address, so that a refusal shows this page again.
        action={`${PUBLIC_PAGES.waitlistConfirm}?token=${encodeURIComponent(token)}`}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-5"
        busy={confirm.isPending}
      >
        {error ? <Alert variant="error">{error}</Alert> : null}
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" className="w-full" loading={confirm.isPending}>
          Confirm my email
        </Button>
      </PostForm>
    </AuthCard>
  );
}

function Confirmed({ result }: { result: WaitlistConfirmResult }) {
  return (
    <AuthCard
      title={<>You&apos;re confirmed! You&apos;re #{result.position} on the list</>}
      description="Thanks for confirming. We'll email you when the first experiments open."
      icon={<PartyPopper />}
      footer={<TextLink to="/">Back to The $100 Lab</TextLink>}
    >
      <ReferralShare referralUrl={result.referralUrl} referrals={result.referrals} />
    </AuthCard>
  );
}
