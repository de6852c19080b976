// The Lab: experiments' constants, the status machine, day arithmetic and the payload types.
// The input schemas are in lab-input.ts.

export const EXPERIMENT_STATUSES = ["planning", "running", "completed"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
export const EXPERIMENT_VISIBILITIES = ["private", "shared"] as const;
export type ExperimentVisibility = (typeof EXPERIMENT_VISIBILITIES)[number];

/** planning -> running (sets the start date) -> completed; nothing else. The server refuses other moves. */
export const EXPERIMENT_STATUS_MOVES: Readonly<Record<ExperimentStatus, readonly ExperimentStatus[]>> = {
  planning: ["running"],
  running: ["completed"],
  completed: [],
};
export const canMoveExperiment = (from: ExperimentStatus, to: ExperimentStatus): boolean => EXPERIMENT_STATUS_MOVES[from].includes(to);

/** "$100 is the point": investments are whole dollars, at most this much. */
export const LAB_MAX_INVESTMENT = 100;
export const LAB_LIMITS = {
  title: 120,
  hypothesis: 2000,
  targetMetric: 200,
  targetAmount: 1_000_000,
  totalDays: 365,
  contentItem: 200,
  contentItems: 20,
  note: 2000,
  result: 1_000_000,
  attempts: 10_000,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC calendar date as YYYY-MM-DD. */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
export const addDays = (date: string, days: number): string => isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));

/** Day 1 is the start date itself; computed, never stored. */
export const dayNumber = (startDate: string, on: string): number =>
  Math.floor((Date.parse(`${on}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;

/** Where a running experiment's progress bar stands: its day (up to its total days) out of the total. */
export const progressOf = (day: number, totalDays: number): number => Math.min(100, Math.max(0, Math.round((day / totalDays) * 100)));

/** "+$45", "-$12", "$0". */
export const signedDollars = (amount: number): string =>
  `${amount > 0 ? "+" : amount < 0 ? "-" : ""}$${Math.abs(amount).toLocaleString("en-US")}`;

export type Experiment = {
  id: string;
  ownerName: string;
  title: string;
  hypothesis: string;
  /** The investment, whole dollars. */
  amount: number;
  targetAmount: number | null;
  status: ExperimentStatus;
  visibility: ExperimentVisibility;
  totalDays: number;
  targetMetric: string;
  /** YYYY-MM-DD, set when it starts running. */
  startDate: string | null;
  /** YYYY-MM-DD, set when completed. */
  completedOn: string | null;
  /** Today's day number while running, the last day once completed; null while planning. */
  day: number | null;
  /** The sum of the updates' spends. */
  spent: number;
  /** The latest update's result, null before any update. */
  currentResult: number | null;
  /** The sum of the updates' attempts. */
  fundingAttempts: number;
  /** The content plan: ideas for the next posts. */
  nextContent: string[];
  updateCount: number;
  createdAt: string;
  updatedAt: string;
};

export type ExperimentUpdate = {
  id: string;
  /** Computed from the experiment's start date and the update's date. */
  day: number;
  note: string;
  spend: number;
  result: number;
  attempts: number;
  createdAt: string;
};

/** A content draft generated from an experiment (a banger linked back to it). */
export type ExperimentContent = {
  id: string;
  type: string;
  title: string;
  status: string;
  plannedFor: string | null;
  postedAt: string | null;
};

export type ExperimentImage = { id: string; url: string; thumbnailUrl: string; originalName: string; annotation: string };

/** What the viewer may do: the owner and admins manage; anyone else reads a shared experiment. */
export type ExperimentAccess = "owner" | "admin" | "reader";

export type ExperimentDetail = {
  experiment: Experiment;
  access: ExperimentAccess;
  updates: ExperimentUpdate[];
  /** Only for the owner and admins. */
  content: ExperimentContent[];
  /** The owner's images of the experiment (the owner manages them in the image drop widget). */
  images: ExperimentImage[];
};

export type LabStats = { activeExperiments: number; contentViews: number; totalInvested: number };
export type LabList = { experiments: Experiment[]; stats: LabStats; community: Experiment[] };

export const CALENDAR_ITEM_KINDS = ["start", "end", "update", "content"] as const;
export type CalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];
export type CalendarItem = {
  /** YYYY-MM-DD. */
  date: string;
  kind: CalendarItemKind;
  /** An end still ahead (a running experiment's last planned day), or content not posted yet. */
  planned: boolean;
  label: string;
  experimentId: string;
};
export type LabCalendar = { month: string; items: CalendarItem[] };

export const experimentPath = (base: string, id: string): string => `${base}/${id}`;
