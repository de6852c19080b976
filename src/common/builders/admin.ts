// zod/mini, like the other shared schemas. The back office's builders (GET /api/builders/admin,
// builders.adminList and friends) live apart from common/builders.ts, which the public /builders page
// imports: a bundler keeps every top-level schema of an imported module, so these would ship there too.
import * as z from "zod/mini";
import { BUILDER_STATUSES, type BuilderStatus, type PublicBuilder } from "./builders";
import { builderSubmitInput } from "./input";
import { safeText } from "#common/forms/text-input.ts";

/** Where a move can lead: nothing ever moves back to pending. */
export type BuilderMoveTarget = Exclude<BuilderStatus, "pending">;

/**
 * The back office's moves: pending -> approved | rejected, approved -> verified.
 * Rejected and verified are final; staying in the same status is not a move. The server enforces them;
 * the admin page offers exactly these buttons.
 */
export const BUILDER_STATUS_MOVES: Readonly<Record<BuilderStatus, readonly BuilderMoveTarget[]>> = {
  pending: ["approved", "rejected"],
  approved: ["verified"],
  verified: [],
  rejected: [],
};

export const canTransition = (from: BuilderStatus, to: BuilderStatus): boolean =>
  (BUILDER_STATUS_MOVES[from] as readonly BuilderStatus[]).includes(to);

const statusList = BUILDER_STATUSES.join(", ");
const statusField = z.enum(BUILDER_STATUSES, { error: `Status must be one of: ${statusList}` });

/** `?id=` of PUT /api/builders/admin and DELETE /api/builders: a UUID, else 400. */
export const builderIdInput = z.object({
  id: safeText("Builder id", "Builder id is required").check(z.trim(), z.guid("Builder id must be a UUID")),
});
export type BuilderIdInput = z.infer<typeof builderIdInput>;

/** The body of PUT /api/builders/admin?id=. */
export const builderStatusBody = z.object({ status: statusField });

/** builders.adminSetStatus: the id and the status to move to. */
export const builderAdminSetStatusInput = z.object({ ...builderIdInput.shape, ...builderStatusBody.shape });
export type BuilderAdminSetStatusInput = z.infer<typeof builderAdminSetStatusInput>;

/** An admin adds a profile (POST /api/builders/admin, builders.adminCreate): the join form's fields plus a status. */
export const builderAdminCreateInput = z.object({ ...builderSubmitInput.shape, status: statusField });
export type BuilderAdminCreateInput = z.infer<typeof builderAdminCreateInput>;
export type BuilderAdminCreateValues = z.input<typeof builderAdminCreateInput>;

/**
 * A builder as the back office sees it: every field, the email included. `emailConfirmedAt` (ISO) is when someone
 * proved they receive mail at the address; null: "address not confirmed".
 */
export type AdminBuilder = Omit<PublicBuilder, "canEdit"> & { email: string; emailConfirmedAt: string | null };

/** How many builders are in each status; `total` is their sum. */
export type BuilderSummary = { total: number; byStatus: Record<BuilderStatus, number> };

/** GET /api/builders/admin and builders.adminList: newest first. */
export type BuilderAdminList = { builders: AdminBuilder[]; summary: BuilderSummary };
export type BuilderAdminResult = { builder: AdminBuilder };
export type BuilderAdminDeleteResult = { deleted: { id: string } };
