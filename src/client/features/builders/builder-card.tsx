import type { ReactNode } from "react";
import { AtSign, Briefcase, Globe, Link as LinkIcon, MapPin, Pencil } from "lucide-react";
import { BUILDER_CARD_TAG_LIMIT, type PublicBuilder } from "#common/builders/builders.ts";
import { formatMonth } from "#client/lib/format.ts";
import { Avatar } from "#client/ui/avatar.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";
import { VerifiedBadge } from "./verified-badge";

function ExternalLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="focus-ring inline-flex min-h-8 items-center gap-1.5 rounded-control px-2 text-sm font-medium text-ink underline decoration-brand-500 decoration-2 underline-offset-4 hover:bg-sunken hover:decoration-ink [&_svg]:size-4 [&_svg]:shrink-0"
    >
      {icon}
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export type BuilderCardProps = {
  builder: PublicBuilder;
  /** Opens the owner's edit dialog; offered only when the server says canEdit. */
  onEdit: (builder: PublicBuilder) => void;
};

export function BuilderCard({ builder, onEdit }: BuilderCardProps) {
  const headingId = `builder-${builder.id}-name`;
  const shownTags = builder.tags.slice(0, BUILDER_CARD_TAG_LIMIT);
  const hiddenTags = builder.tags.slice(BUILDER_CARD_TAG_LIMIT);
  const verified = builder.status === "verified";
  const hasLinks = Boolean(builder.websiteUrl || builder.linkedinUrl || builder.twitterHandle);

  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className={cn("flex h-full flex-col gap-4 p-5", builder.canEdit && "ring-2 ring-brand-400")}
    >
      {builder.canEdit ? (
        <div className="-mx-5 -mt-5 flex items-center justify-between gap-3 rounded-t-panel border-b border-brand-300 bg-brand-50 px-5 py-2">
          <p className="text-sm font-medium text-brand-900">This is your profile</p>
          <Button size="sm" variant="ghost" onClick={() => onEdit(builder)} aria-label="Edit your profile">
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        </div>
      ) : null}

      <div className="flex items-start gap-4">
        <Avatar name={builder.name} src={builder.avatarUrl} className="size-14 text-lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="text-lg leading-tight font-semibold break-words text-ink">
              {builder.name}
            </h3>
            {verified ? <VerifiedBadge /> : null}
          </div>
          {builder.title ? <p className="text-sm break-words text-ink-muted">{builder.title}</p> : null}
          {builder.location ? (
            <p className="flex items-center gap-1 text-sm text-ink-muted">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="break-words">{builder.location}</span>
            </p>
          ) : null}
        </div>
      </div>

      {builder.bio ? <p className="text-sm leading-relaxed break-words whitespace-pre-line text-ink">{builder.bio}</p> : null}

      {builder.currentProject ? (
        <p className="flex items-start gap-2 rounded-control bg-sunken px-3 py-2 text-sm">
          <Briefcase aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
          <span className="min-w-0 break-words">
            <span className="font-medium">Building:</span> {builder.currentProject}
          </span>
        </p>
      ) : null}

      {builder.tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {shownTags.map((tag) => (
            <li key={tag}>
              <Badge variant="brand">{tag}</Badge>
            </li>
          ))}
          {hiddenTags.length > 0 ? (
            <li>
              <Badge variant="neutral" title={hiddenTags.join(", ")}>
                +{hiddenTags.length} more
                <span className="sr-only">: {hiddenTags.join(", ")}</span>
              </Badge>
            </li>
          ) : null}
        </ul>
      ) : null}

      <div className="mt-auto flex flex-col gap-3">
        {hasLinks ? (
          <div className="-mx-2 flex flex-wrap gap-1">
            {builder.websiteUrl ? (
              <ExternalLink href={builder.websiteUrl} icon={<Globe aria-hidden="true" />}>
                Website
              </ExternalLink>
            ) : null}
            {builder.linkedinUrl ? (
              <ExternalLink href={builder.linkedinUrl} icon={<LinkIcon aria-hidden="true" />}>
                LinkedIn
              </ExternalLink>
            ) : null}
            {builder.twitterHandle ? (
              <ExternalLink href={`https://x.com/${builder.twitterHandle}`} icon={<AtSign aria-hidden="true" />}>
                {builder.twitterHandle}
                <span className="sr-only"> on X</span>
              </ExternalLink>
            ) : null}
          </div>
        ) : null}
        {builder.joinedAt ? (
          <p className="border-t border-line pt-3 text-xs text-ink-subtle">
            Joined <time dateTime={builder.joinedAt}>{formatMonth(builder.joinedAt)}</time>
          </p>
        ) : null}
      </div>
    </Card>
  );
}
