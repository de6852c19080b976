import type { PgTable } from "drizzle-orm/pg-core";
import type { BackupPriority } from "../../../common/backup";
import {
  analyticsEvents,
  bangers,
  builders,
  dailyPlanCompletions,
  dailyPlans,
  emailTemplates,
  experiments,
  experimentUpdates,
  images,
  imageTestProgress,
  newsletterSends,
  playbookChapters,
  playbookChecklistTicks,
  playbookRatings,
  playbookReaders,
  siteSettings,
  users,
  waitlistEntries,
} from "../../db/schema";

export type BackupCategory = {
  /** The spec's store names stay ids: `waitlist`, `analytics` (an export's default namespaces). */
  id: string;
  name: string;
  /** A lucide icon name, drawn by the page. */
  icon: string;
  priority: BackupPriority;
  description: string;
  contains: string[];
  sensitive?: string;
  /**
   * The tables, in the order they are written and restored: a table after those it references. Adding a
   * table to backups is one line here (its primary key is read from the schema).
   */
  tables: PgTable[];
};

/**
 * What a backup can hold. Categories are restored in this order (accounts first: other tables reference
 * users), each in one transaction.
 *
 * Deliberately not backed up:
 * - sessions, password_reset_tokens, email_verification_tokens and builder_confirmation_tokens: live credentials;
 *   a restored session would sign someone in again, a restored link would work again. Whether an address was
 *   proven travels with its row (users.email_verified_at, builders.email_confirmed_at).
 * - analytics rollups (visitor/page hours and days, sessions): derived from the events, rebuilt after a restore.
 * - analytics_salts: one day's secret for counting visitors, deleted after 48 hours; restoring one would re-link visitors.
 * - mail_messages: the outgoing queue; restoring queued rows would send mail again, and sent ones are only a log.
 * - inbound_webhooks and received_emails: the email test page's inbox, holding provider signing secrets;
 *   a new address is one click away.
 * - inbound_deliveries: the ids of inbound deliveries already stored, kept a week to refuse replays; they
 *   belong with the received mail above, which is not backed up either.
 * - backups and backup_schedule_slots: the history of backups describes files in storage, not site data.
 * - the backup-signing secret's row of site_settings (ROWS_LEFT_OUT): a file holding it could be used to
 *   sign any other file, and restoring one would replace this site's secret with another site's.
 */
export const BACKUP_CATEGORIES: readonly BackupCategory[] = [
  {
    id: "accounts",
    name: "Accounts",
    icon: "user-round",
    priority: "critical",
    description: "Sign-in accounts of members and admins, with their roles.",
    contains: ["Names and emails", "Roles", "Password hashes (argon2id)"],
    sensitive: "Holds password hashes: keep the file as safe as the database itself. Sessions and reset tokens are never exported.",
    tables: [users],
  },
  {
    id: "waitlist",
    name: "Waitlist",
    icon: "list-checks",
    priority: "critical",
    description: "Everyone who joined the waitlist, in join order.",
    contains: ["Emails and names", "Positions", "Interests, place and source", "Unsubscribes"],
    tables: [waitlistEntries],
  },
  {
    id: "builders",
    name: "Builders",
    icon: "users",
    priority: "critical",
    description: "The builders community's profiles and their review status.",
    contains: ["Profiles and links", "Status (pending, approved, verified, rejected)", "Avatar addresses"],
    tables: [builders],
  },
  {
    id: "content",
    name: "Content",
    icon: "file-text",
    priority: "important",
    description: "What members and admins write: experiments, chapters, drafts, email templates, image records and newsletter sends.",
    contains: [
      "Lab experiments and their update logs",
      "Playbook chapters, members' checklist ticks, ratings and readers",
      "Content bangers",
      "Email templates",
      "Image records (the files stay in storage)",
      "Newsletter sends",
    ],
    // Experiments before bangers: a draft made by Generate Content references its experiment.
    tables: [
      experiments,
      experimentUpdates,
      bangers,
      emailTemplates,
      images,
      newsletterSends,
      playbookChapters,
      playbookChecklistTicks,
      playbookRatings,
      playbookReaders,
    ],
  },
  {
    id: "settings",
    name: "Settings",
    icon: "settings",
    priority: "important",
    description: "Site-wide settings shared by the admins.",
    contains: [
      "SEO checklist progress",
      "Meta tags, the OG image's design and the active favicon set (their image files stay in storage)",
      "Alert bookkeeping",
      "The generated unsubscribe-link secret",
    ],
    sensitive: "Holds the unsubscribe-link secret when UNSUBSCRIBE_SECRET is not set.",
    tables: [siteSettings],
  },
  {
    id: "analytics",
    name: "Analytics",
    icon: "bar-chart-3",
    priority: "optional",
    description: "Every tracked event: the large one. Dashboard rollups are rebuilt from it after a restore.",
    contains: ["Page views and events", "Masked addresses, place and device", "Campaign tags"],
    tables: [analyticsEvents],
  },
  {
    id: "system",
    name: "Back-office progress",
    icon: "wrench",
    priority: "system",
    description: "Progress admins made in the back office: test pages and daily plans.",
    contains: ["Image test progress", "Daily plans and their ticked tasks"],
    tables: [imageTestProgress, dailyPlans, dailyPlanCompletions],
  },
];

/** The site_settings key of the secret that signs this site's backups. */
export const BACKUP_SECRET_SETTING = "backup_signing_secret";

/** Rows of a backed-up table that are never written to a file nor taken from one: the column's value is one of these. */
export const ROWS_LEFT_OUT: ReadonlyMap<PgTable, { column: string; values: readonly string[] }> = new Map([
  [siteSettings, { column: "key", values: [BACKUP_SECRET_SETTING] }],
]);

export const findBackupCategory = (id: string): BackupCategory | undefined => BACKUP_CATEGORIES.find((category) => category.id === id);
