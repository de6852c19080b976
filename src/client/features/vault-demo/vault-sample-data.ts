/*
 * The credential vault demo's sample content. Made up: no key here is
 * real; previews are masked placeholders that no provider would accept.
 */

export const VAULT_ENVIRONMENTS = ["production", "staging", "development"] as const;
export type VaultEnvironment = (typeof VAULT_ENVIRONMENTS)[number];

/** Keys are rotated this often. */
export const VAULT_ROTATION_DAYS = 30;
/** The sample monthly budget, in dollars. */
export const VAULT_MONTHLY_BUDGET = 200;
/** What Add New Service offers. */
export const VAULT_ADDABLE_SERVICES = ["AWS", "GitHub", "Twilio", "PostHog", "Auth0"] as const;

export type VaultStatus = "active" | "warning" | "revoked";

export type VaultCredential = {
  id: string;
  service: string;
  environment: VaultEnvironment;
  keyPreview: string;
  lastUsed: string;
  usage24h: number;
  /** Dollars. */
  cost24h: number;
  status: VaultStatus;
  team: string[];
  rotationDate: string;
  alerts: string[];
};

export type VaultTeamMember = { id: string; email: string; role: "Admin" | "Dev"; services: string[]; lastActive: string };

export type VaultActivityStatus = "success" | "rate_limit" | "failed";
export type VaultActivity = { id: string; service: string; action: string; user: string; time: string; status: VaultActivityStatus };

/** A masked preview: "demo_" and the last four characters of a fake key, never a real one. */
const masked = (tail: string) => `demo_••••••••••••${tail}`;

export const VAULT_CREDENTIALS: readonly VaultCredential[] = [
  {
    id: "cred-openai-prod",
    service: "OpenAI",
    environment: "production",
    keyPreview: masked("x7Qa"),
    lastUsed: "2 minutes ago",
    usage24h: 1842,
    cost24h: 4.21,
    status: "active",
    team: ["alex@example.com", "sam@example.com"],
    rotationDate: "in 12 days",
    alerts: [],
  },
  {
    id: "cred-stripe-prod",
    service: "Stripe",
    environment: "production",
    keyPreview: masked("m2Kd"),
    lastUsed: "14 minutes ago",
    usage24h: 311,
    cost24h: 0,
    status: "warning",
    team: ["alex@example.com"],
    rotationDate: "overdue by 3 days",
    alerts: [`Key older than ${VAULT_ROTATION_DAYS} days: rotate it`],
  },
  {
    id: "cred-resend-staging",
    service: "Resend",
    environment: "staging",
    keyPreview: masked("p9Lw"),
    lastUsed: "1 hour ago",
    usage24h: 96,
    cost24h: 0.03,
    status: "active",
    team: ["sam@example.com", "jo@example.com"],
    rotationDate: "in 21 days",
    alerts: [],
  },
  {
    id: "cred-anthropic-dev",
    service: "Anthropic",
    environment: "development",
    keyPreview: masked("c4Rt"),
    lastUsed: "yesterday",
    usage24h: 2210,
    cost24h: 1.8,
    status: "warning",
    team: ["jo@example.com"],
    rotationDate: "in 5 days",
    alerts: ["Rate limit reached 3 times in 24 h", "Usage 40% above last week"],
  },
  {
    id: "cred-mapbox-dev",
    service: "Mapbox",
    environment: "development",
    keyPreview: masked("z1Hn"),
    lastUsed: "9 days ago",
    usage24h: 0,
    cost24h: 0,
    status: "revoked",
    team: [],
    rotationDate: "not scheduled",
    alerts: [],
  },
];

export const VAULT_TEAM: readonly VaultTeamMember[] = [
  { id: "m1", email: "alex@example.com", role: "Admin", services: ["OpenAI", "Stripe"], lastActive: "5 minutes ago" },
  { id: "m2", email: "sam@example.com", role: "Dev", services: ["OpenAI", "Resend"], lastActive: "1 hour ago" },
  { id: "m3", email: "jo@example.com", role: "Dev", services: ["Resend", "Anthropic"], lastActive: "yesterday" },
];

export const VAULT_ACTIVITY: readonly VaultActivity[] = [
  { id: "a1", service: "OpenAI", action: "Key used by api-server", user: "alex@example.com", time: "2 minutes ago", status: "success" },
  { id: "a2", service: "Anthropic", action: "Request throttled", user: "jo@example.com", time: "25 minutes ago", status: "rate_limit" },
  { id: "a3", service: "Resend", action: "Key viewed", user: "sam@example.com", time: "1 hour ago", status: "success" },
  { id: "a4", service: "Stripe", action: "Rotation attempt", user: "alex@example.com", time: "3 hours ago", status: "failed" },
  { id: "a5", service: "Mapbox", action: "Key revoked", user: "alex@example.com", time: "9 days ago", status: "success" },
];

export const vaultAlerts = () => VAULT_CREDENTIALS.flatMap((credential) => credential.alerts.map((text) => ({ credential, text })));
