import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { CHAPTER_LIMITS } from "#common/playbook/playbook.ts";
import { Button } from "#client/ui/button.tsx";
import { Input } from "#client/ui/input.tsx";

/** An item being edited: `id` once saved (members' ticks hang on it), `key` for React only. */
export type EditableItem = { key: string; id?: string; text: string; timeEstimate: string };

export const newEditableItem = (): EditableItem => ({ key: crypto.randomUUID(), text: "", timeEstimate: "" });

/** The ordered action checklist of the editor: text and time estimate per item, move up or down, remove, add. */
export function ChecklistEditor({
  items,
  onChange,
  error,
}: {
  items: EditableItem[];
  onChange: (items: EditableItem[]) => void;
  error?: string;
}) {
  const update = (index: number, patch: Partial<EditableItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-semibold text-ink">Action checklist</legend>
      <ol className="flex flex-col gap-2">
        {items.map((item, index) => (
          <li key={item.key} className="flex flex-col gap-2 rounded-control border border-line bg-canvas p-2 sm:flex-row sm:items-center">
            <span className="hidden w-6 text-center text-sm font-semibold text-ink-muted sm:block">{index + 1}</span>
            <Input
              value={item.text}
              onChange={(event) => update(index, { text: event.target.value })}
              placeholder="What to do"
              aria-label={`Checklist item ${index + 1}`}
              maxLength={CHAPTER_LIMITS.checklistText}
              className="w-full sm:flex-1"
            />
            <div className="flex items-center gap-1">
              <Input
                value={item.timeEstimate}
                onChange={(event) => update(index, { timeEstimate: event.target.value })}
                placeholder="15 min"
                aria-label={`Time estimate of item ${index + 1}`}
                maxLength={CHAPTER_LIMITS.timeEstimate}
                className="w-28"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move item ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move item ${index + 1} down`}
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove item ${index + 1}`}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={items.length >= CHAPTER_LIMITS.checklistItems}
        onClick={() => onChange([...items, newEditableItem()])}
      >
        <Plus aria-hidden="true" /> Add item
      </Button>
    </fieldset>
  );
}
