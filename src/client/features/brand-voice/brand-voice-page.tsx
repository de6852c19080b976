import { useId, useState } from "react";
import { Save, Wand2 } from "lucide-react";
import { visibleLength } from "#common/bangers/bangers.ts";
import {
  COPIED_MARKER_MS,
  generateTweet,
  TWEET_CONTEXT_MAX,
  TWEET_LIMIT,
  TWEET_TONE_LABELS,
  TWEET_TONES,
  TWEET_TOPIC_LABELS,
  TWEET_TOPICS,
  type TweetTone,
  type TweetTopic,
} from "#common/brand-voice/tweets.ts";
import { formatCount } from "#client/lib/format.ts";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";
import { CopyButton } from "#client/ui/copy-button.tsx";
import { Field } from "#client/ui/field.tsx";
import { Textarea } from "#client/ui/textarea.tsx";
import { SavedDraftAlert } from "#client/features/bangers/saved-draft-alert.tsx";
import { useSaveDraft } from "#client/features/bangers/use-save-draft.ts";

/**
 * /admin/brand-voice: a tweet in the product's voice from a topic and a tone, with optional context filling the
 * template's placeholders. Generating is instant (a pure function): each press gives the pair's next template.
 * The tweet can be tweaked, copied, or saved as a draft tweet in Content Bangers.
 */
export function BrandVoicePage() {
  const [topic, setTopic] = useState<TweetTopic | null>(null);
  const [tone, setTone] = useState<TweetTone | null>(null);
  const [context, setContext] = useState("");
  const [variant, setVariant] = useState(0);
  const [tweet, setTweet] = useState("");
  const draft = useSaveDraft();

  const generate = () => {
    if (!topic || !tone) return;
    setTweet(generateTweet({ topic, tone, context, variant }));
    setVariant((current) => current + 1);
    draft.reset();
  };

  const save = async () => {
    if (!topic || !tone) return;
    await draft.save({
      type: "tweet",
      title: `${TWEET_TOPIC_LABELS[topic]} · ${TWEET_TONE_LABELS[tone]}`,
      content: tweet,
      tags: [topic, tone, "brand voice"],
      metadata: {},
    });
  };

  const length = visibleLength(tweet);
  const over = length > TWEET_LIMIT;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <Picker label="Topic" options={TWEET_TOPICS} labels={TWEET_TOPIC_LABELS} value={topic} onChange={setTopic} />
        <Picker label="Tone" options={TWEET_TONES} labels={TWEET_TONE_LABELS} value={tone} onChange={setTone} />
        <Field
          label="Context"
          optional
          id="brand-voice-context"
          hint="A project, a number or a name: it fills the template's blanks. Leave empty for a general tweet."
        >
          <Textarea
            rows={3}
            maxLength={TWEET_CONTEXT_MAX}
            value={context}
            placeholder="my $100 newsletter experiment"
            onChange={(event) => setContext(event.target.value)}
          />
        </Field>
        <Button onClick={generate} disabled={!topic || !tone} className="self-start">
          <Wand2 aria-hidden="true" />
          {tweet ? "Generate another" : "Generate"}
        </Button>
        {!topic || !tone ? <p className="-mt-3 text-sm text-ink-muted">Choose a topic and a tone to generate a tweet.</p> : null}
      </Card>

      <Card className="flex flex-col gap-4 p-5 sm:p-6" aria-live="polite">
        <h2 className="text-base font-semibold text-ink">Your tweet</h2>
        {tweet ? (
          <>
            <Field
              label="Tweet"
              id="brand-voice-tweet"
              hint={
                <span className={cn("font-semibold tabular-nums", over ? "text-red-700" : "text-ink-muted")}>
                  {formatCount(length)}/{TWEET_LIMIT}
                  {over ? ` (${formatCount(length - TWEET_LIMIT)} over)` : null}
                </span>
              }
            >
              <Textarea rows={6} value={tweet} onChange={(event) => setTweet(event.target.value)} className="text-base leading-relaxed" />
            </Field>
            <div className="flex flex-wrap gap-2">
              <CopyButton text={tweet} markerMs={COPIED_MARKER_MS} />
              <Button
                variant="secondary"
                onClick={() => void save().catch(() => undefined)}
                loading={draft.pending}
                disabled={tweet.trim() === "" || draft.saved !== null}
              >
                <Save aria-hidden="true" />
                Save as draft
              </Button>
            </div>
            <SavedDraftAlert saved={draft.saved} error={draft.error} />
          </>
        ) : (
          <p className="rounded-panel border border-dashed border-line-strong bg-sunken px-4 py-10 text-center text-sm text-ink-muted">
            Your tweet appears here: $100 experiments, built in public, in the Lab&apos;s voice.
          </p>
        )}
      </Card>
    </div>
  );
}

/** One choice from a short list: native radio buttons styled as chips (arrow keys move between them). */
function Picker<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-ink">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              "inline-flex h-9 cursor-pointer items-center rounded-full border px-3.5 text-sm font-semibold transition-colors select-none",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink",
              value === option ? "border-ink bg-brand-100 text-ink" : "border-control bg-surface text-ink hover:bg-sunken",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
