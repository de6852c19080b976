import { Users } from "lucide-react";
import { referralCountText, shareOnLinkedInUrl, shareOnXUrl } from "#common/waitlist/waitlist.ts";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";
import { CopyButton } from "#client/ui/copy-button.tsx";

export type ReferralShareProps = {
  referralUrl: string;
  referrals: number;
  className?: string;
};

/**
 * The person's referral link with Copy and share links (X, LinkedIn), and how many joined through it. The link
 * stands in a read-only field, so that without scripts (no Copy) it can still be selected and copied by hand.
 */
export function ReferralShare({ referralUrl, referrals, className }: ReferralShareProps) {
  return (
    <section
      aria-label="Your referral link"
      className={cn("flex w-full flex-col gap-3 rounded-xl border border-line bg-sunken p-4 text-left", className)}
    >
      <p className="text-sm text-ink">
        <strong className="font-semibold">Move up the list:</strong> each friend who joins through your link and confirms moves you up.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          readOnly
          aria-label="Your referral link"
          value={referralUrl}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-control bg-surface px-3 py-2 font-mono text-sm text-ink"
        />
        <CopyButton text={referralUrl} size="sm" className="shrink-0" />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={shareOnXUrl(referralUrl)} target="_blank" rel="noopener noreferrer">
            Share on X
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={shareOnLinkedInUrl(referralUrl)} target="_blank" rel="noopener noreferrer">
            Share on LinkedIn
          </a>
        </Button>
        <span className="ml-auto inline-flex items-center gap-1.5 text-sm text-ink-muted">
          <Users aria-hidden="true" className="size-4" />
          {referralCountText(referrals)}
        </span>
      </div>
    </section>
  );
}
