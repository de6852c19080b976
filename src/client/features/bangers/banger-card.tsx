import { BANGER_CARD_TAG_LIMIT, type Banger } from "#common/bangers/bangers.ts";
import { formatDateTime } from "#client/lib/format.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Card } from "#client/ui/card.tsx";
import { BangerStatusBadge, BangerTypeBadge } from "./banger-parts";

/** One banger of the grid: type, status, title, the start of the content, at most three tags then '+N more'. The whole card opens the details. */
export function BangerCard({ banger, onOpen }: { banger: Banger; onOpen: (banger: Banger) => void }) {
  const shown = banger.tags.slice(0, BANGER_CARD_TAG_LIMIT);
  const more = banger.tags.length - shown.length;
  return (
    <li className="min-w-0">
      <Card className="relative flex h-full flex-col gap-3 p-4 transition-shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink hover:shadow-overlay sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <BangerTypeBadge type={banger.type} />
          <BangerStatusBadge status={banger.status} />
        </div>
        <h3 className="text-base leading-snug font-semibold break-words text-ink">
          <button
            type="button"
            onClick={() => onOpen(banger)}
            className="text-left outline-none after:absolute after:inset-0 after:content-['']"
          >
            {banger.title}
          </button>
        </h3>
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-ink-muted">
          {banger.content.trim() || <span className="italic text-ink-subtle">No content yet</span>}
        </p>
        <div className="mt-auto flex flex-col gap-3 pt-1">
          {shown.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {shown.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">{tag}</Badge>
                </li>
              ))}
              {more > 0 ? (
                <li>
                  <Badge variant="neutral">+{more} more</Badge>
                </li>
              ) : null}
            </ul>
          ) : null}
          <p className="text-xs text-ink-subtle">
            {banger.postedAt ? `Posted ${formatDateTime(banger.postedAt)}` : `Created ${formatDateTime(banger.createdAt)}`}
          </p>
        </div>
      </Card>
    </li>
  );
}
