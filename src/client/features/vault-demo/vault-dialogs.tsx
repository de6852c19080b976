import { useState } from "react";
import { Button } from "#client/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#client/ui/dialog.tsx";
import { ChoiceChips } from "#client/ui/choice-chips.tsx";
import { EnvironmentBadge, VaultStatusBadge } from "./vault-badges";
import {
  VAULT_ADDABLE_SERVICES,
  VAULT_ENVIRONMENTS,
  VAULT_ROTATION_DAYS,
  type VaultCredential,
  type VaultEnvironment,
} from "./vault-sample-data";

/** Every action of the demo: a button that does nothing, and says so. */
export function InertButton({ children, variant = "outline" }: { children: string; variant?: "outline" | "primary" | "destructive" }) {
  return (
    <Button variant={variant} disabled title="Demo: this button does nothing">
      {children}
    </Button>
  );
}

export function ServiceDetailDialog({ credential, onClose }: { credential: VaultCredential | null; onClose: () => void }) {
  return (
    <Dialog open={credential !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {credential ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{credential.service}</DialogTitle>
            <DialogDescription>Sample credential: the key below is a masked placeholder, not a real key.</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-ink-muted">Environment</dt>
            <dd>
              <EnvironmentBadge environment={credential.environment} />
            </dd>
            <dt className="text-ink-muted">Status</dt>
            <dd>
              <VaultStatusBadge status={credential.status} />
            </dd>
            <dt className="text-ink-muted">Key</dt>
            <dd className="font-mono break-all">{credential.keyPreview}</dd>
            <dt className="text-ink-muted">Last used</dt>
            <dd>{credential.lastUsed}</dd>
            <dt className="text-ink-muted">Usage (24 h)</dt>
            <dd className="tabular-nums">{credential.usage24h.toLocaleString()} calls</dd>
            <dt className="text-ink-muted">Cost (24 h)</dt>
            <dd className="tabular-nums">${credential.cost24h.toFixed(2)}</dd>
            <dt className="text-ink-muted">Next rotation</dt>
            <dd>
              {credential.rotationDate} (every {VAULT_ROTATION_DAYS} days)
            </dd>
            <dt className="text-ink-muted">Team</dt>
            <dd className="break-words whitespace-pre-line">{credential.team.length ? credential.team.join("\n") : "No one"}</dd>
          </dl>
          {credential.alerts.length ? (
            <ul className="flex flex-col gap-1 rounded-control border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              {credential.alerts.map((alert) => (
                <li key={alert}>{alert}</li>
              ))}
            </ul>
          ) : null}
          <DialogFooter>
            <InertButton>Rotate Key</InertButton>
            <InertButton variant="destructive">Revoke</InertButton>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Add New Service: pick a service and an environment; saving is inert in the demo. */
export function AddServiceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [service, setService] = useState<(typeof VAULT_ADDABLE_SERVICES)[number]>(VAULT_ADDABLE_SERVICES[0]);
  const [environment, setEnvironment] = useState<VaultEnvironment>(VAULT_ENVIRONMENTS[0]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Service</DialogTitle>
          <DialogDescription>Demo: nothing is saved, and no key is asked for.</DialogDescription>
        </DialogHeader>
        <ChoiceChips single name="service" label="Service" options={VAULT_ADDABLE_SERVICES} selected={[service]} onToggle={setService} />
        <ChoiceChips
          single
          name="environment"
          label="Environment"
          options={VAULT_ENVIRONMENTS}
          selected={[environment]}
          onToggle={setEnvironment}
        />
        <p className="text-sm text-ink-muted">Keys of new services are rotated every {VAULT_ROTATION_DAYS} days.</p>
        <DialogFooter>
          <InertButton variant="primary">Add Service</InertButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
