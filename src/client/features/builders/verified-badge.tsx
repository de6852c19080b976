import { BadgeCheck } from "lucide-react";
import { Badge } from "#client/ui/badge.tsx";

/** The VERIFIED mark of a builder the team has verified: on the public card and in the back office. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="solid" title="Verified by the team" className={className}>
      <BadgeCheck aria-hidden="true" />
      VERIFIED
    </Badge>
  );
}
