import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { ArrowRight, MailCheck, PartyPopper, Sparkles } from "lucide-react";
import {
  movedUp,
  referralOfUrl,
  WAITLIST_DEFAULT_SOURCE,
  WAITLIST_INTERESTS,
  type WaitlistInterest,
  type WaitlistJoinResult,
  type WaitlistPublicSource,
} from "#common/waitlist/waitlist.ts";
import { campaignOfUrl } from "#common/analytics/campaigns.ts";
import { returnedList, returnedText } from "#common/forms/form-post.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useFormReturn, useTypedBeforeHydration } from "#client/lib/form-return.ts";
import { useHydrated } from "#client/lib/use-hydrated.ts";
import { lazySchema } from "#client/lib/validation.ts";
import { apiClient } from "#client/lib/api-client.ts";
import { visitCampaign, visitReferral } from "#client/lib/visit-campaign.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { ChoiceChips } from "#client/ui/choice-chips.tsx";
import { cn } from "#client/ui/cn.ts";
import { Field } from "#client/ui/field.tsx";
import { EmailInput, Input } from "#client/ui/input.tsx";
import { useSubmitHint } from "#client/ui/submit-hint.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { PostForm } from "#client/ui/post-form.tsx";
import { ReferralShare } from "./referral-share";
import { ResendConfirmation } from "./resend-confirmation";

/** The form's error texts: the server's text when it sent one, else these. */
const ERROR_TEXTS = { fallback: "Something went wrong", network: "Network error. Please try again." };

type FieldName = "email" | "name" | "interests";
/** `resent`: the scriptless "Resend the link" answer, shown on the card it brings back. */
type JoinedResult = WaitlistJoinResult & { email: string; resent?: string };
const isInterest = (value: string): value is WaitlistInterest => (WAITLIST_INTERESTS as readonly string[]).includes(value);
const joinSchema = lazySchema(() => import("#common/waitlist/input.ts").then((m) => m.waitlistJoinInput));

export type WaitlistFormProps = {
  /** Where the join comes from, stored with the entry ("homepage" unless told). */
  source?: WaitlistPublicSource;
  className?: string;
};

/** The schema and the API client load when the visitor first focuses the form. */
const preload = () => {
  joinSchema.preload();
  void apiClient();
};

/**
 * Email (required), name and interests (optional). States: idle, loading, success (the position card,
 * worded "Welcome back" when the email was already on the list) and error (a red message above the form).
 */
export function WaitlistForm({ source = WAITLIST_DEFAULT_SOURCE, className }: WaitlistFormProps) {
  const returned = useFormReturn<JoinedResult>();
  const [email, setEmail] = useState(returnedText(returned, "email"));
  const [name, setName] = useState(returnedText(returned, "name"));
  const [interests, setInterests] = useState<WaitlistInterest[]>(() => returnedList(returned, "interests").filter(isInterest));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>(returned?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(returned?.error ?? null);
  const [joined, setJoined] = useState<JoinedResult | null>(returned?.result ?? null);
  const [loading, setLoading] = useState(false);
  const formRef = useTypedBeforeHydration((typed) => {
    const typedEmail = typed.get("email");
    const typedName = typed.get("name");
    if (typeof typedEmail === "string" && typedEmail) setEmail(typedEmail);
    if (typeof typedName === "string" && typedName) setName(typedName);
    const ticked = typed.getAll("interests").filter((value): value is WaitlistInterest => typeof value === "string" && isInterest(value));
    if (ticked.length > 0) setInterests(ticked);
  });
  // A visit's campaign, posted with a join made before the scripts ran (they send the visit's own, kept at landing).
  const landingUrl = `https://site.invalid${useLocation().search}`;
  const landingCampaign = campaignOfUrl(landingUrl);
  const landingReferral = referralOfUrl(landingUrl);

  const toggleInterest = (interest: WaitlistInterest) => {
    setInterests((current) => (current.includes(interest) ? current.filter((value) => value !== interest) : [...current, interest]));
    setFieldErrors((current) => ({ ...current, interests: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const form = event.currentTarget;
    setFormError(null);
    try {
      // Same schema as the server: the answer to a bad value is the same sentence on both sides.
      setLoading(true);
      const checked = await joinSchema.validate({ email, name, interests, source, ...visitCampaign(), ...visitReferral() });
      if (!checked.ok) {
        setLoading(false);
        const issues = checked.fieldErrors;
        setFieldErrors(issues);
        const first = (["email", "name"] as const).find((field) => issues[field]);
        if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
        else if (!issues.interests) setFormError(checked.firstMessage || ERROR_TEXTS.fallback);
        return;
      }
      const result = await (await apiClient()).waitlist.join.mutate(checked.data);
      setLoading(false);
      setJoined({ ...result, email: checked.data.email });
    } catch (error) {
      setLoading(false);
      setFormError(errorMessage(error, ERROR_TEXTS));
    }
  };

  const startOver = () => {
    setJoined(null);
    setEmail("");
    setName("");
    setInterests([]);
    setFieldErrors({});
    setFormError(null);
  };

  if (joined) return <JoinedCard result={joined} onStartOver={startOver} className={className} />;

  return (
    <PostForm
      ref={formRef}
      action={PUBLIC_PAGES.landing}
      onSubmit={(event) => void submit(event)}
      onFocus={preload}
      busy={loading}
      aria-label="Join the waitlist"
      className={cn("flex flex-col gap-5", className)}
    >
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <input type="hidden" name="source" value={source} />
      {landingCampaign.source ? <input type="hidden" name="utm_source" value={landingCampaign.source} /> : null}
      {landingCampaign.campaign ? <input type="hidden" name="utm_campaign" value={landingCampaign.campaign} /> : null}
      {landingReferral ? <input type="hidden" name="ref" value={landingReferral} /> : null}

      <Field label="Email" error={fieldErrors.email}>
        <EmailInput
          required
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldErrors((current) => ({ ...current, email: undefined }));
          }}
        />
      </Field>

      <Field label="Name" optional error={fieldErrors.name}>
        <Input
          name="name"
          autoComplete="name"
          placeholder="What should we call you?"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setFieldErrors((current) => ({ ...current, name: undefined }));
          }}
        />
      </Field>

      <ChoiceChips
        name="interests"
        label="What are you into?"
        hint="(optional)"
        options={WAITLIST_INTERESTS}
        selected={interests}
        onToggle={toggleInterest}
        error={fieldErrors.interests}
      />

      <JoinButton missingEmail={email.trim().length === 0} loading={loading} />
      <p className="text-center text-xs text-ink-muted">
        One email when we open. No spam; leave any time. See our{" "}
        <TextLink to="/privacy" className="font-normal">
          privacy policy
        </TextLink>
        .
      </p>
    </PostForm>
  );
}

/**
 * The submit button, disabled with its reason while the email is empty. Without scripts the browser posts the
 * form as it is, so the button is never disabled in the server's HTML: only this button renders again once
 * hydrated, not the whole form.
 */
function JoinButton({ missingEmail, loading }: { missingEmail: boolean; loading: boolean }) {
  const disabled = useHydrated() && missingEmail;
  const submitHint = useSubmitHint(disabled, "Enter your email to join.");
  return (
    <div className="flex flex-col gap-2">
      <Button type="submit" size="lg" className="w-full" loading={loading} disabled={disabled} aria-describedby={submitHint.describedBy}>
        Join the waitlist
        {loading ? null : <ArrowRight aria-hidden="true" />}
      </Button>
      {submitHint.element}
    </div>
  );
}

type JoinedCardProps = {
  result: JoinedResult;
  onStartOver: () => void;
  className?: string | undefined;
};

/** The success card: the position, big; "Welcome back" wording when the email had joined before. */
function JoinedCard({ result, onStartOver, className }: JoinedCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form this card replaces had focus: move it here so keyboard and screen-reader users land on the news.
  useEffect(() => headingRef.current?.focus(), []);
  const Icon = result.alreadyJoined ? Sparkles : PartyPopper;

  return (
    <div className={cn("flex flex-col items-center gap-4 py-2 text-center animate-slide-in", className)}>
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-900 [&_svg]:size-7">
        <Icon />
      </span>
      <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink outline-none">
        {result.alreadyJoined && movedUp(result) ? (
          <>
            Welcome back! You&apos;re now #{result.position} — up from #{result.joinNumber}
          </>
        ) : result.alreadyJoined ? (
          <>Welcome back! You&apos;re still #{result.position} on the list</>
        ) : (
          <>You&apos;re #{result.position} on the list</>
        )}
      </h3>
      <p aria-hidden="true" className="text-6xl font-black tracking-tight text-ink tabular-nums sm:text-7xl">
        <span className="text-brand-600">#</span>
        {result.position}
      </p>
      <p className="max-w-sm text-base text-ink-muted">
        {result.alreadyJoined ? (
          <>
            <strong className="font-semibold break-all text-ink">{result.email}</strong> was already on the waitlist, so your place is saved
            and nothing changed.
          </>
        ) : (
          <>
            Thanks for joining! We&apos;ll email <strong className="font-semibold break-all text-ink">{result.email}</strong> when the first
            experiments open.
          </>
        )}
      </p>
      {result.confirmed ? null : (
        <div className="flex w-full flex-col items-center gap-2 rounded-xl border border-brand-300 bg-brand-50 p-4 text-sm text-ink">
          <p className="flex items-center gap-2 font-semibold">
            <MailCheck aria-hidden="true" className="size-4" />
            Check your inbox to confirm your email
          </p>
          <p className="text-ink-muted">Your referral link starts counting once you click the link we sent.</p>
          <ResendConfirmation email={result.email} resent={result.resent} />
        </div>
      )}
      <ReferralShare referralUrl={result.referralUrl} referrals={result.referrals} />
      <div className="flex flex-col items-center gap-3 pt-1 sm:flex-row">
        <TextLink to="/builders">Meet the builders community</TextLink>
        <span aria-hidden="true" className="hidden text-ink-subtle sm:inline">
          ·
        </span>
        <Button asChild variant="ghost" size="sm">
          <a
            href="/#waitlist"
            onClick={(event) => {
              event.preventDefault();
              onStartOver();
            }}
          >
            Add another email
          </a>
        </Button>
      </div>
    </div>
  );
}
