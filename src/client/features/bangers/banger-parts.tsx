import { BANGER_STATUS_LABELS, BANGER_TYPE_LABELS, type BangerStatus, type BangerType } from "#common/bangers/bangers.ts";
import { Badge, type BadgeProps } from "#client/ui/badge.tsx";

const STATUS_VARIANT: Record<BangerStatus, NonNullable<BadgeProps["variant"]>> = { draft: "neutral", ready: "info", posted: "success" };

export function BangerStatusBadge({ status }: { status: BangerStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{BANGER_STATUS_LABELS[status]}</Badge>;
}

export function BangerTypeBadge({ type }: { type: BangerType }) {
  return <Badge variant="brand">{BANGER_TYPE_LABELS[type]}</Badge>;
}
