import type { ReactNode } from "react";
import { AtSign, Eye, Globe, Mail, Trash2 } from "lucide-react";
import type { AdminBuilder } from "#common/builders/admin.ts";
import { Avatar } from "#client/ui/avatar.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";
import { formatDateTime, formatRelativeTime } from "#client/lib/format.ts";
import { StatusActions, type StatusActionsProps } from "./builder-status";

/*
 * The pieces a builder is shown with in the back office: in the table's cells, on the phone cards and in
 * the details dialog.
 */

/** Avatar, name and title. */
export function BuilderIdentity({ builder }: { builder: AdminBuilder }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={builder.name} src={builder.avatarUrl} />
      <div className="flex min-w-0 flex-col">
        <span className="line-clamp-2 font-semibold break-words text-ink" title={builder.name}>
          {builder.name}
        </span>
        {builder.title ? (
          <span className="truncate text-sm text-ink-muted" title={builder.title}>
            {builder.title}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** "https://www.ada.dev/about" -> "ada.dev/about": enough to recognise a link, short enough for a cell. */
export function shortUrl(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return host.replace(/^www\./, "") + (pathname === "/" ? "" : pathname);
  } catch {
    return url;
  }
}

function ContactLine({ href, icon, label, children }: { href: string; icon: ReactNode; label: string; children: ReactNode }) {
  const external = !href.startsWith("mailto:");
  return (
    <a
      href={href}
      aria-label={label}
      title={label}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="focus-ring flex min-w-0 items-center gap-1.5 rounded-sm text-sm text-ink-muted hover:text-ink hover:underline [&_svg]:size-3.5 [&_svg]:shrink-0"
    >
      {icon}
      <span className="truncate">{children}</span>
    </a>
  );
}

/** Email, X handle and website, each a link; whatever the builder gave. */
export function BuilderContact({ builder }: { builder: AdminBuilder }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <ContactLine href={`mailto:${builder.email}`} icon={<Mail aria-hidden="true" />} label={`Email ${builder.email}`}>
        {builder.email}
      </ContactLine>
      {builder.emailConfirmedAt ? null : (
        // Nobody has proven they receive mail at this address: anyone may have typed it.
        <Badge variant="warning" className="w-fit" title="Nobody has opened the confirmation link mailed to this address yet">
          address not confirmed
        </Badge>
      )}
      {builder.twitterHandle ? (
        <ContactLine
          href={`https://x.com/${builder.twitterHandle}`}
          icon={<AtSign aria-hidden="true" />}
          label={`@${builder.twitterHandle} on X (opens in a new tab)`}
        >
          {builder.twitterHandle}
        </ContactLine>
      ) : null}
      {builder.websiteUrl ? (
        <ContactLine
          href={builder.websiteUrl}
          icon={<Globe aria-hidden="true" />}
          label={`Website ${builder.websiteUrl} (opens in a new tab)`}
        >
          {shortUrl(builder.websiteUrl)}
        </ContactLine>
      ) : null}
    </div>
  );
}

/** When the profile was submitted: relative while recent, the full time on hover. */
export function SubmittedTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  );
}

export type BuilderRowActionsProps = StatusActionsProps & {
  onDetails: (builder: AdminBuilder) => void;
  onDelete: (builder: AdminBuilder) => void;
  className?: string;
};

const iconButton = "size-8 px-0 text-ink-muted";

/** The status moves the machine allows, then Details and Delete (any status), on one line. */
export function BuilderRowActions({ builder, pendingMove, onMove, onDetails, onDelete, className }: BuilderRowActionsProps) {
  return (
    <div className={cn("flex items-center gap-1.5", className)}>
      <StatusActions builder={builder} pendingMove={pendingMove} onMove={onMove} />
      <Button
        size="sm"
        variant="ghost"
        className={iconButton}
        onClick={() => onDetails(builder)}
        aria-label={`Details of ${builder.name}`}
        title="Details"
      >
        <Eye aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className={cn(iconButton, "hover:bg-red-50 hover:text-red-700")}
        onClick={() => onDelete(builder)}
        aria-label={`Delete ${builder.name}`}
        title="Delete builder"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
