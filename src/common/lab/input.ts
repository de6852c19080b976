// The zod/mini schemas of the Lab: the lab.* procedures parse with them, and the forms check with them first.
import * as z from "zod/mini";
import { EXPERIMENT_STATUSES, EXPERIMENT_VISIBILITIES, LAB_LIMITS, LAB_MAX_INVESTMENT } from "./lab";
import { safeText, type TextKind } from "#common/forms/text-input.ts";

const text = (label: string, max: number) =>
  safeText(label).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`));
const requiredText = (label: string, max: number, kind: TextKind = "text") =>
  safeText(label, `${label} is required`, kind).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** Whole numbers typed in a form arrive as text: "" is missing, "12.5" or "x" is not a whole number. */
const wholeNumber = (label: string, min: number, max: number, rangeMessage: string) =>
  z.pipe(
    z
      .pipe(
        z.union([z.number(), z.string()], { error: `${label} must be a whole number` }),
        z.transform((value: number | string) =>
          typeof value === "number" ? value : value.trim() === "" ? undefined : Number(value.trim()),
        ),
      )
      .check(
        z.refine((value) => value !== undefined, { message: `${label} is required`, abort: true }),
        z.refine((value) => Number.isInteger(value), { message: `${label} must be a whole number`, abort: true }),
        z.refine((value) => value! >= min && value! <= max, rangeMessage),
      ),
    z.number(),
  );

const optionalWholeNumber = (label: string, min: number, max: number, rangeMessage: string) =>
  z.pipe(
    z.nullish(z.union([z.number(), z.string()], { error: `${label} must be a whole number` })),
    z.pipe(
      z.transform((value: number | string | null | undefined) => (value === "" || value === null || value === undefined ? null : value)),
      z.nullable(wholeNumber(label, min, max, rangeMessage)),
    ),
  );

export const experimentIdField = safeText("Experiment id", "Experiment id is required").check(z.trim(), z.guid("Experiment not found"));
export const experimentIdInput = z.object({ id: experimentIdField });

export const investmentField = wholeNumber(
  "Investment amount",
  1,
  LAB_MAX_INVESTMENT,
  `Investment amount must be whole dollars from $1 to $${LAB_MAX_INVESTMENT}`,
);

const contentPlanField = z.pipe(
  z.nullish(
    z
      .array(text("Each content idea", LAB_LIMITS.contentItem), { error: "The content plan must be a list of texts" })
      .check(z.maxLength(LAB_LIMITS.contentItems, `At most ${LAB_LIMITS.contentItems} content ideas`)),
  ),
  z.transform((items) => [...new Set((items ?? []).filter((item) => item !== ""))]),
);

/** The New Experiment form (lab.create) and the edit form (lab.edit, with the id). */
export const experimentFormInput = z.object({
  title: requiredText("Title", LAB_LIMITS.title, "name"),
  hypothesis: requiredText("Hypothesis", LAB_LIMITS.hypothesis),
  amount: investmentField,
  targetAmount: optionalWholeNumber(
    "Target amount",
    0,
    LAB_LIMITS.targetAmount,
    `Target amount must be whole dollars from $0 to $${LAB_LIMITS.targetAmount.toLocaleString("en-US")}`,
  ),
  totalDays: wholeNumber("Duration", 1, LAB_LIMITS.totalDays, `Duration must be from 1 to ${LAB_LIMITS.totalDays} days`),
  targetMetric: requiredText("Success metric", LAB_LIMITS.targetMetric),
  nextContent: contentPlanField,
  visibility: z.optional(z.enum(EXPERIMENT_VISIBILITIES, { error: "Visibility must be private or shared" })),
});
export type ExperimentFormInput = z.infer<typeof experimentFormInput>;

export const experimentEditInput = z.extend(experimentFormInput, { id: experimentIdField });
export type ExperimentEditInput = z.infer<typeof experimentEditInput>;

export const experimentMoveInput = z.object({
  id: experimentIdField,
  status: z.enum(EXPERIMENT_STATUSES, { error: `Status must be one of: ${EXPERIMENT_STATUSES.join(", ")}` }),
});
export type ExperimentMoveInput = z.infer<typeof experimentMoveInput>;

export const experimentVisibilityInput = z.object({
  id: experimentIdField,
  visibility: z.enum(EXPERIMENT_VISIBILITIES, { error: "Visibility must be private or shared" }),
});
export type ExperimentVisibilityInput = z.infer<typeof experimentVisibilityInput>;

/** The Add Update form. Spend and result are whole dollars; the result may be negative (a loss). */
export const experimentUpdateInput = z.object({
  experimentId: experimentIdField,
  note: requiredText("Note", LAB_LIMITS.note),
  spend: wholeNumber("Spend", 0, LAB_MAX_INVESTMENT, `Spend must be whole dollars from $0 to $${LAB_MAX_INVESTMENT}`),
  result: wholeNumber(
    "Result",
    -LAB_LIMITS.result,
    LAB_LIMITS.result,
    `Result must be whole dollars between -$${LAB_LIMITS.result.toLocaleString("en-US")} and $${LAB_LIMITS.result.toLocaleString("en-US")}`,
  ),
  attempts: z.pipe(
    z.transform((value: unknown) => (value === "" || value === undefined || value === null ? 0 : value)),
    wholeNumber("Attempts", 0, LAB_LIMITS.attempts, `Attempts must be from 0 to ${LAB_LIMITS.attempts.toLocaleString("en-US")}`),
  ),
});
export type ExperimentUpdateInput = z.infer<typeof experimentUpdateInput>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const labCalendarInput = z.object({
  month: safeText("Month").check(z.trim(), z.regex(MONTH, "Month must look like 2026-01")),
});
export type LabCalendarInput = z.infer<typeof labCalendarInput>;
