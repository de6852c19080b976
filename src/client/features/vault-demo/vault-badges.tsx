import { Badge } from "#client/ui/badge.tsx";
import type { VaultActivityStatus, VaultEnvironment, VaultStatus } from "./vault-sample-data";

const STATUS_VARIANT = { active: "success", warning: "warning", revoked: "neutral" } as const;
const ACTIVITY_VARIANT = { success: "success", rate_limit: "warning", failed: "danger" } as const;
const ACTIVITY_LABEL: Record<VaultActivityStatus, string> = { success: "success", rate_limit: "rate limited", failed: "failed" };
const ENVIRONMENT_VARIANT = { production: "danger", staging: "info", development: "neutral" } as const;

export const VaultStatusBadge = ({ status }: { status: VaultStatus }) => <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>;
export const ActivityStatusBadge = ({ status }: { status: VaultActivityStatus }) => (
  <Badge variant={ACTIVITY_VARIANT[status]}>{ACTIVITY_LABEL[status]}</Badge>
);
export const EnvironmentBadge = ({ environment }: { environment: VaultEnvironment }) => (
  <Badge variant={ENVIRONMENT_VARIANT[environment]}>{environment}</Badge>
);
