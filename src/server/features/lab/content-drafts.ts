import { PLATFORM_LIMITS, type BangerType } from "#common/bangers/bangers.ts";
import { signedDollars, type Experiment, type ExperimentUpdate } from "#common/lab/lab.ts";

/*
 * Generate Content: drafts written from an experiment's own data (its hypothesis, update log and result), one
 * per platform, each within its platform's limit so it can be marked ready as it is. Plain templates: the
 * member edits the wording in the bangers before posting.
 */

export type ContentDraft = { type: BangerType; title: string; content: string; tags: string[] };

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Cut to `max` visible characters (as the bangers count them), ending with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const parts = Array.from(graphemes.segment(text.trim()), (part) => part.segment);
  return parts.length <= max
    ? parts.join("")
    : `${parts
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

const firstLine = (text: string) => text.split(/\r?\n/, 1)[0]!.trim();

function resultSentence(experiment: Experiment): string {
  const spent = `$${experiment.spent} of $${experiment.amount} spent`;
  if (experiment.currentResult === null) return `No result yet, ${spent}.`;
  return `Result so far: ${signedDollars(experiment.currentResult)}, ${spent}.`;
}

function progressLabel(experiment: Experiment): string {
  if (experiment.status === "completed") return `after ${experiment.day ?? experiment.totalDays} days`;
  if (experiment.status === "running") return `day ${experiment.day} of ${experiment.totalDays}`;
  return `planned for ${experiment.totalDays} days`;
}

const updateLine = (update: ExperimentUpdate) =>
  `Day ${update.day}: ${firstLine(update.note)} (spent $${update.spend}, result ${signedDollars(update.result)})`;

export function contentDrafts(experiment: Experiment, updates: readonly ExperimentUpdate[]): ContentDraft[] {
  const tags = ["lab", "$100 experiment"];
  const hypothesis = firstLine(experiment.hypothesis);
  const latest = updates.at(-1);

  const tweet = clip(
    [
      `$${experiment.amount} experiment, ${progressLabel(experiment)}: ${experiment.title}.`,
      `Hypothesis: ${hypothesis}`,
      resultSentence(experiment),
      latest ? `Latest: ${firstLine(latest.note)}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    PLATFORM_LIMITS.tweet,
  );

  const threadPosts = [
    `I put $${experiment.amount} on one idea: ${experiment.title}. Here is how it went, ${progressLabel(experiment)}. 🧵`,
    `The hypothesis: ${hypothesis}`,
    `Success metric: ${experiment.targetMetric}`,
    ...updates.slice(-5).map(updateLine),
    `${resultSentence(experiment)} Funding attempts: ${experiment.fundingAttempts}.`,
  ].map((post) => clip(post, PLATFORM_LIMITS.thread));

  const linkedin = clip(
    [
      `What $${experiment.amount} taught me: ${experiment.title}`,
      `My hypothesis was simple: ${experiment.hypothesis.trim()}`,
      `I measured it by ${experiment.targetMetric}, over ${experiment.totalDays} days.`,
      updates.length > 0
        ? `The log so far:\n${updates
            .slice(-8)
            .map((update) => `• ${updateLine(update)}`)
            .join("\n")}`
        : "",
      resultSentence(experiment),
      "Small bets, in public. What would you test with $100?",
    ]
      .filter(Boolean)
      .join("\n\n"),
    PLATFORM_LIMITS.linkedin,
  );

  return [
    { type: "tweet", title: `${experiment.title}: tweet`, content: tweet, tags },
    { type: "thread", title: `${experiment.title}: thread`, content: threadPosts.join("\n\n"), tags },
    { type: "linkedin", title: `${experiment.title}: LinkedIn post`, content: linkedin, tags },
  ];
}
