import { useState } from "react";
import { BellRing, DollarSign, KeyRound, Plus, ShieldCheck, Wallet } from "lucide-react";
import { countText } from "#client/lib/format.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Progress } from "#client/ui/progress.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#client/ui/table.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/ui/tabs.tsx";
import { ActivityStatusBadge, EnvironmentBadge, VaultStatusBadge } from "./vault-badges";
import { AddServiceDialog, InertButton, ServiceDetailDialog } from "./vault-dialogs";
import {
  VAULT_ACTIVITY,
  VAULT_CREDENTIALS,
  VAULT_ENVIRONMENTS,
  VAULT_MONTHLY_BUDGET,
  VAULT_ROTATION_DAYS,
  VAULT_TEAM,
  vaultAlerts,
  type VaultCredential,
} from "./vault-sample-data";

/** /admin/vault-demo: a credential vault with sample data. Tabs and dialogs open; every action is inert. */
export function VaultDemoPage() {
  const [selected, setSelected] = useState<VaultCredential | null>(null);
  const [adding, setAdding] = useState(false);
  const alerts = vaultAlerts();

  return (
    <div className="flex flex-col gap-6">
      <Alert variant="info" title="Demo with sample data">
        Nothing here is real: the services, people and figures are made up, keys are masked placeholders, and the buttons do nothing.
      </Alert>
      <Tabs defaultValue="overview">
        <TabsList aria-label="Vault sections" className="flex-wrap">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="services">Services</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
          <TabsTrigger value="alerts">
            Alerts
            <Badge variant="danger" aria-label={`${alerts.length} alerts`}>
              {alerts.length}
            </Badge>
          </TabsTrigger>
          <TabsTrigger value="costs">Costs</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview />
        </TabsContent>
        <TabsContent value="services">
          <Services onOpen={setSelected} onAdd={() => setAdding(true)} />
        </TabsContent>
        <TabsContent value="team">
          <Team />
        </TabsContent>
        <TabsContent value="activity">
          <Activity />
        </TabsContent>
        <TabsContent value="alerts">
          <ul className="flex flex-col gap-2">
            {alerts.map(({ credential, text }) => (
              <li
                key={`${credential.id}-${text}`}
                className="flex flex-wrap items-center gap-2 rounded-panel border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
              >
                <BellRing aria-hidden="true" className="size-4" />
                <span className="font-semibold">{credential.service}</span>
                <EnvironmentBadge environment={credential.environment} />
                <span className="min-w-0 basis-full sm:basis-auto">{text}</span>
              </li>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="costs">
          <EmptyState icon={DollarSign} title="No cost data yet" description="Cost reports appear after the first full billing month." />
        </TabsContent>
      </Tabs>
      <ServiceDetailDialog credential={selected} onClose={() => setSelected(null)} />
      <AddServiceDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}

function Overview() {
  const cost24h = VAULT_CREDENTIALS.reduce((sum, credential) => sum + credential.cost24h, 0);
  const projected = cost24h * 30;
  const active = VAULT_CREDENTIALS.filter((credential) => credential.status === "active").length;
  return (
    <div className="flex flex-col gap-6">
      <StatCardGrid title="Vault figures (sample)">
        <StatCard icon={KeyRound} label="Services" value={VAULT_CREDENTIALS.length} detail={`${active} active`} />
        <StatCard icon={ShieldCheck} label="Key rotation" value={`${VAULT_ROTATION_DAYS} days`} detail="for every key" />
        <StatCard icon={DollarSign} label="Cost (24 h)" value={`$${cost24h.toFixed(2)}`} detail="across all services" />
        <StatCard
          icon={Wallet}
          label="Budget"
          value={`$${VAULT_MONTHLY_BUDGET}`}
          detail={`per month · $${projected.toFixed(0)} projected`}
        />
      </StatCardGrid>
      <section className="flex flex-col gap-2 rounded-panel border border-line bg-surface p-4 shadow-panel">
        <p className="text-sm font-semibold text-ink">Projected spend against the budget</p>
        <Progress value={projected} max={VAULT_MONTHLY_BUDGET} label="Projected spend against the monthly budget" />
        <p className="text-sm text-ink-muted">
          ${projected.toFixed(0)} of ${VAULT_MONTHLY_BUDGET} this month, at the last 24 hours&apos; rate.
        </p>
      </section>
      <ul className="grid gap-3 sm:grid-cols-3">
        {VAULT_ENVIRONMENTS.map((environment) => (
          <li key={environment} className="flex items-center justify-between rounded-panel border border-line bg-surface p-4 shadow-panel">
            <EnvironmentBadge environment={environment} />
            <span className="text-sm text-ink-muted tabular-nums">
              {countText(VAULT_CREDENTIALS.filter((credential) => credential.environment === environment).length, "key")}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Services({ onOpen, onAdd }: { onOpen: (credential: VaultCredential) => void; onAdd: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add New Service
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {VAULT_CREDENTIALS.map((credential) => (
          <li key={credential.id}>
            <button
              type="button"
              onClick={() => onOpen(credential)}
              className="focus-ring flex w-full flex-col gap-2 rounded-panel border border-line bg-surface p-4 text-left shadow-panel transition hover:border-line-strong"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink">{credential.service}</span>
                <EnvironmentBadge environment={credential.environment} />
                <VaultStatusBadge status={credential.status} />
              </span>
              <span className="font-mono text-xs break-all text-ink-muted">{credential.keyPreview}</span>
              <span className="text-xs text-ink-muted">
                Last used {credential.lastUsed} · {credential.usage24h.toLocaleString()} calls · ${credential.cost24h.toFixed(2)} (24 h)
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Team() {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <InertButton>Invite Member</InertButton>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Services</TableHead>
            <TableHead>Last active</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {VAULT_TEAM.map((member) => (
            <TableRow key={member.id}>
              <TableCell className="font-medium">{member.email}</TableCell>
              <TableCell>
                <Badge variant={member.role === "Admin" ? "solid" : "outline"}>{member.role}</Badge>
              </TableCell>
              <TableCell>{member.services.join(", ")}</TableCell>
              <TableCell>{member.lastActive}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function Activity() {
  return (
    <ul className="flex flex-col divide-y divide-line rounded-panel border border-line bg-surface shadow-panel">
      {VAULT_ACTIVITY.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-4 text-sm">
          <span className="font-semibold text-ink">{entry.service}</span>
          <span className="text-ink">{entry.action}</span>
          <ActivityStatusBadge status={entry.status} />
          <span className="basis-full text-xs text-ink-muted sm:ml-auto sm:basis-auto">
            {entry.user} · {entry.time}
          </span>
        </li>
      ))}
    </ul>
  );
}
