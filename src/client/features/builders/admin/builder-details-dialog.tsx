import type { ReactNode } from "react";
import { Trash2 } from "lucide-react";
import type { AdminBuilder } from "#common/builders/admin.ts";
import { Avatar } from "#client/ui/avatar.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { ExternalTextLink, textLinkClasses } from "#client/ui/text-link.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { formatDateTime } from "#client/lib/format.ts";
import { shortUrl } from "./builder-parts";
import { StatusActions, StatusBadge, type StatusActionsProps } from "./builder-status";

export type BuilderDetailsDialogProps = Omit<StatusActionsProps, "builder"> & {
  /** The builder shown; null keeps the dialog closed. */
  builder: AdminBuilder | null;
  onClose: () => void;
  onDelete: (builder: AdminBuilder) => void;
};

/** Every field of a profile, with the moves the machine allows and Delete. */
export function BuilderDetailsDialog({ builder, onClose, onDelete, pendingMove, onMove }: BuilderDetailsDialogProps) {
  return (
    <Dialog open={builder !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="lg">
        {builder ? <Details builder={builder} onDelete={onDelete} pendingMove={pendingMove} onMove={onMove} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Details({
  builder,
  onDelete,
  pendingMove,
  onMove,
}: Omit<BuilderDetailsDialogProps, "builder" | "onClose"> & { builder: AdminBuilder }) {
  return (
    <>
      <DialogHeader className="flex-row items-center gap-4">
        <Avatar name={builder.name} src={builder.avatarUrl} className="size-14 text-lg" />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle className="break-words">{builder.name}</DialogTitle>
            <StatusBadge status={builder.status} />
          </div>
          <DialogDescription>{builder.title ?? "No title given"}</DialogDescription>
        </div>
      </DialogHeader>

      <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
        <Item label="Email">
          <a href={`mailto:${builder.email}`} className={textLinkClasses}>
            {builder.email}
          </a>
        </Item>
        <Item label="Location">{builder.location}</Item>
        <Item label="Bio" wide>
          {builder.bio ? <span className="whitespace-pre-line">{builder.bio}</span> : null}
        </Item>
        <Item label="Current project" wide>
          {builder.currentProject}
        </Item>
        <Item label="Website">
          {builder.websiteUrl ? <ExternalTextLink href={builder.websiteUrl}>{shortUrl(builder.websiteUrl)}</ExternalTextLink> : null}
        </Item>
        <Item label="LinkedIn">
          {builder.linkedinUrl ? <ExternalTextLink href={builder.linkedinUrl}>{shortUrl(builder.linkedinUrl)}</ExternalTextLink> : null}
        </Item>
        <Item label="Twitter / X">
          {builder.twitterHandle ? (
            <ExternalTextLink href={`https://x.com/${builder.twitterHandle}`}>@{builder.twitterHandle}</ExternalTextLink>
          ) : null}
        </Item>
        <Item label="Tags">
          {builder.tags.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {builder.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="brand">{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </Item>
        <Item label="Submitted">{formatDateTime(builder.createdAt)}</Item>
        <Item label="Joined the directory">{builder.joinedAt ? formatDateTime(builder.joinedAt) : null}</Item>
        <Item label="Last updated">{formatDateTime(builder.updatedAt)}</Item>
        <Item label="Profile id">
          <code className="font-mono text-xs break-all">{builder.id}</code>
        </Item>
      </dl>

      <DialogFooter className="border-t border-line pt-4 sm:justify-between">
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => onDelete(builder)}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <StatusActions builder={builder} pendingMove={pendingMove} onMove={onMove} />
        </div>
      </DialogFooter>
    </>
  );
}

/** One field; an empty one says so rather than vanishing, so the admin sees what the builder left out. */
function Item({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="mt-1 break-words text-ink">{children ?? <span className="text-ink-subtle italic">Not given</span>}</dd>
    </div>
  );
}
