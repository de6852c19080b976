import type { Banger } from "#common/bangers/bangers.ts";
import { formatCount, formatDateTime } from "#client/lib/format.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { reasonOf } from "./bangers-texts";

/**
 * The content-to-growth loop for one banger: the tagged link to paste into the post (ready and posted), and once
 * posted, the visitors who landed through it and the waitlist joins of their visits since it was posted.
 */
export function CampaignPanel({ banger }: { banger: Banger }) {
  const trpc = useTRPC();
  const campaign = useQuery(trpc.bangers.campaign.queryOptions({ id: banger.id }));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="banger-campaign-title">
      <h3 id="banger-campaign-title" className="text-sm font-semibold text-ink">
        Tagged link
      </h3>
      {campaign.isPending ? (
        <Spinner label="Loading the tagged link" />
      ) : campaign.isError ? (
        <p className="text-sm text-red-700">Could not load the campaign: {reasonOf(campaign.error)}</p>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            Paste this link into the post: visits and waitlist joins through it count for this banger.
          </p>
          <div className="flex flex-col gap-2">
            {/* Wrapped lines: the whole link stays visible, and focusing it selects it for a manual copy. */}
            <Textarea
              readOnly
              rows={3}
              value={campaign.data.link}
              aria-label="Tagged link"
              className="min-h-0 resize-none font-mono text-xs break-all"
              onFocus={(event) => event.target.select()}
            />
            <CopyButton text={campaign.data.link} label="Copy link" className="self-start" />
          </div>
          {banger.status === "posted" ? (
            <>
              <dl className="grid grid-cols-2 gap-3" aria-label="Campaign results">
                <Figure label="Visitors" value={campaign.data.figures.visitors} />
                <Figure label="Waitlist joins" value={campaign.data.figures.joins} />
              </dl>
              {campaign.data.since ? (
                <p className="text-xs text-ink-subtle">Since it was posted, {formatDateTime(campaign.data.since)}</p>
              ) : null}
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-control border border-line bg-sunken px-3 py-2">
      <dt className="text-xs font-semibold text-ink-muted">{label}</dt>
      <dd className="text-xl font-bold text-ink tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}
