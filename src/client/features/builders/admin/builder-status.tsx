import type { LucideIcon } from "lucide-react";
import { BadgeCheck, Check, X } from "lucide-react";
import type { BuilderStatus } from "#common/builders/builders.ts";
import { BUILDER_STATUS_MOVES, type AdminBuilder, type BuilderMoveTarget } from "#common/builders/admin.ts";
import { Badge, type BadgeProps } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { VerifiedBadge } from "#client/features/builders/verified-badge.tsx";

export const STATUS_LABEL: Record<BuilderStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  verified: "Verified",
  rejected: "Rejected",
};

const STATUS_BADGE: Record<Exclude<BuilderStatus, "verified">, BadgeProps["variant"]> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
};

/** The status as a badge; verified builders get the same VERIFIED mark as on their public card. */
export function StatusBadge({ status }: { status: BuilderStatus }) {
  if (status === "verified") return <VerifiedBadge />;
  return <Badge variant={STATUS_BADGE[status]}>{STATUS_LABEL[status]}</Badge>;
}

/** The button that moves a builder to each status (the machine's moves are in common/builders-admin.ts). */
const MOVE: Record<BuilderMoveTarget, { label: string; done: string; icon: LucideIcon; variant: "primary" | "outline" | "secondary" }> = {
  approved: { label: "Approve", done: "approved", icon: Check, variant: "primary" },
  rejected: { label: "Reject", done: "rejected", icon: X, variant: "outline" },
  verified: { label: "Verify", done: "verified", icon: BadgeCheck, variant: "secondary" },
};

/** "Ada Lovelace approved": the toast after a move. */
export const moveDoneText = (builder: Pick<AdminBuilder, "name">, status: BuilderMoveTarget) => `${builder.name} ${MOVE[status].done}`;

/** A move under way: which builder, to which status. */
export type PendingMove = { id: string; status: BuilderStatus } | null;

export type StatusActionsProps = {
  builder: AdminBuilder;
  pendingMove: PendingMove;
  onMove: (builder: AdminBuilder, status: BuilderMoveTarget) => void;
};

/** Approve and Reject for a pending builder, Verify for an approved one, nothing once verified or rejected. */
export function StatusActions({ builder, pendingMove, onMove }: StatusActionsProps) {
  const moves = BUILDER_STATUS_MOVES[builder.status];
  const busy = pendingMove?.id === builder.id;
  return moves.map((status) => {
    const { label, icon: Icon, variant } = MOVE[status];
    const loading = busy && pendingMove?.status === status;
    return (
      <Button
        key={status}
        size="sm"
        variant={variant}
        loading={loading}
        disabled={busy}
        aria-label={`${label} ${builder.name}`}
        onClick={() => onMove(builder, status)}
      >
        {loading ? null : <Icon aria-hidden="true" />}
        {label}
      </Button>
    );
  });
}
