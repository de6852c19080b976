import type { PgTable } from "drizzle-orm/pg-core";
import type { BackupCategoryInfo } from "#common/backup/backup.ts";
import {
  analyticsEvents,
  analyticsLandingDayCounts,
  analyticsLandingDays,
  analyticsPageDays,
  analyticsPageHours,
  analyticsSalts,
  analyticsSessionDayCounts,
  analyticsSessionHourCounts,
  analyticsSessions,
  analyticsVisitorDayCounts,
  analyticsVisitorHourCounts,
  analyticsVisitorHours,
  backups,
  bangers,
  builderConfirmationTokens,
  builders,
  dailyPlanCompletions,
  dailyPlans,
  emailTemplates,
  emailChangeTokens,
  emailVerificationTokens,
  experiments,
  experimentUpdates,
  images,
  imageTestProgress,
  loginChallenges,
  passkeys,
  recoveryCodes,
  totpCredentials,
  webauthnChallenges,
  inboundDeliveries,
  inboundWebhooks,
  jobSlots,
  knownSignInDevices,
  mailMessages,
  newsletterSends,
  passwordResetTokens,
  playbookChapters,
  playbookChecklistTicks,
  playbookRatings,
  playbookReaders,
  receivedEmailAttachments,
  receivedEmails,
  sessions,
  siteSettings,
  users,
  waitlistEntries,
  waitlistRankBlocks,
} from "#server/db/schema/index.ts";

/**
 * A category as the page shows it (ids keep the stores' historical names: `waitlist` and `analytics` are an
 * export's default namespaces), with its tables instead of their names: in the order they are written and
 * restored, a table after those it references. Adding a table to backups is one line (its primary key is read
 * from the schema).
 */
export type BackupCategory = Omit<BackupCategoryInfo, "keys"> & { tables: PgTable[] };

/**
 * What a backup can hold. Categories are restored in this order (accounts first: other tables reference
 * users), each in one transaction. Every table of the schema is in one category or in NOT_BACKED_UP
 * (tests/unit/backup-lists.test.ts fails naming a table that is in neither, or in both).
 */
export const BACKUP_CATEGORIES: readonly BackupCategory[] = [
  {
    id: "accounts",
    name: "Accounts",
    icon: "user-round",
    priority: "critical",
    description: "Sign-in accounts of members and admins, with their roles and second factors.",
    contains: [
      "Names and emails",
      "Roles",
      "Password hashes (argon2id)",
      "Two-factor secrets and recovery code hashes",
      "Passkeys' public keys",
    ],
    sensitive:
      "Holds password hashes and two-factor secrets: keep the file as safe as the database itself. Sessions and reset tokens are never exported.",
    // A restored account keeps its second factors: without them it would sign in with its password alone.
    tables: [users, totpCredentials, recoveryCodes, passkeys],
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
    description:
      "Every tracked event (the large one) and the dashboard's rollups. After a restore the rollups are rebuilt for the period the events cover; older ones, of months removed by the retention, are kept from the file.",
    contains: [
      "Page views and events",
      "Masked addresses, place and device",
      "Campaign tags",
      "Hourly and daily visitor, page and session rollups",
    ],
    // The rollups hold the only figures of months whose raw events ANALYTICS_RETENTION_DAYS removed.
    tables: [analyticsEvents, analyticsVisitorHours, analyticsLandingDays, analyticsPageHours, analyticsPageDays, analyticsSessions],
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

const LIVE_CREDENTIAL =
  "a live credential: a restored one would sign someone in again or make an old link work again. Whether an address was proven travels with its row (users.email_verified_at, builders.email_confirmed_at)";
const SUMMARY = "a per-day or per-hour summary of the analytics rollups: a cache the dashboard computes again from them when missing";
const INBOX = "the email test page's inbox: inbound addresses hold provider signing secrets, and a new address is one click away";

/**
 * Tables this site kept once and backed up, and no longer has: a restore skips their rows in an older file instead of
 * refusing it, since what they held the file's other tables hold too. Each with why it went.
 */
export const RETIRED_TABLES: ReadonlyMap<string, string> = new Map([
  [
    "analytics_visitor_days",
    "the daily visitor rollup: a visitor's first hourly row of a day (analytics_visitor_hours) holds what it held",
  ],
]);

/**
 * The tables deliberately left out of every backup, each with why. A new table goes into a category above
 * or here: the unit test fails until it is in one of them.
 */
export const NOT_BACKED_UP: ReadonlyMap<PgTable, string> = new Map<PgTable, string>([
  [sessions, LIVE_CREDENTIAL],
  [passwordResetTokens, LIVE_CREDENTIAL],
  [emailVerificationTokens, LIVE_CREDENTIAL],
  [emailChangeTokens, LIVE_CREDENTIAL],
  [
    knownSignInDevices,
    "digests of the browsers and places accounts signed in from: without them the next sign-in from each is mailed as new, which is harmless",
  ],
  [builderConfirmationTokens, LIVE_CREDENTIAL],
  [loginChallenges, "a sign-in's code step, valid five minutes: a live credential that a restore must not bring back"],
  [webauthnChallenges, "a passkey ceremony's challenge, valid five minutes and single use: nothing to keep"],
  [
    waitlistRankBlocks,
    "counts of waitlist entries per block of rank scores, kept by triggers on waitlist_entries: a restore of the entries rewrites them",
  ],
  [analyticsVisitorDayCounts, SUMMARY],
  [analyticsSessionDayCounts, SUMMARY],
  [analyticsLandingDayCounts, SUMMARY],
  [analyticsVisitorHourCounts, SUMMARY],
  [analyticsSessionHourCounts, SUMMARY],
  [analyticsSalts, "one day's secret for counting visitors, deleted after 48 hours: restoring one would link visitors again"],
  [mailMessages, "the outgoing mail queue: restoring queued rows would send their mail again, and sent ones are only a log"],
  [inboundWebhooks, INBOX],
  [receivedEmails, INBOX],
  [receivedEmailAttachments, `${INBOX}; attachments belong to received_emails, and their bytes stay in storage`],
  [
    inboundDeliveries,
    "the ids of inbound deliveries already stored, kept a week to refuse replays: they belong with received_emails, which is not backed up either",
  ],
  [backups, "the history of backups: it describes files in storage, not site data"],
  [jobSlots, "which instance ran each timed job (scheduled backups, analytics partitions): bookkeeping, not site data"],
]);

/** The site_settings key of the secret that signs this site's backups. */
export const BACKUP_SECRET_SETTING = "backup_signing_secret";

/**
 * Rows of a backed-up table that are never written to a file nor taken from one: the column's value is one of these.
 * The backup-signing secret's row of site_settings: a file holding it could be used to sign any other file, and
 * restoring one would replace this site's secret with another site's.
 */
export const ROWS_LEFT_OUT: ReadonlyMap<PgTable, { column: string; values: readonly string[] }> = new Map([
  [siteSettings, { column: "key", values: [BACKUP_SECRET_SETTING] }],
]);

export const findBackupCategory = (id: string): BackupCategory | undefined => BACKUP_CATEGORIES.find((category) => category.id === id);
