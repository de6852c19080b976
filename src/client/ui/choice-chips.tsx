import { useId, type ReactNode } from "react";
import { Check } from "lucide-react";
import { buttonVariants } from "./button";
import { cn } from "./cn";

export type ChoiceChipsProps<T extends string> = {
  /** The field's name: the inputs' name (a form posts each chosen option under it), and data-field on the group. */
  name: string;
  label: ReactNode;
  /** After the label, in lighter text: "(optional)". */
  hint?: ReactNode;
  options: readonly T[];
  selected: readonly T[];
  onToggle: (option: T) => void;
  /** Exactly one option at a time (radio buttons); else any number (checkboxes). */
  single?: boolean;
  error?: string | undefined;
  className?: string;
};

/*
 * A chip's classes are merged when a form renders, never when this module loads: the first `cn` call builds
 * tailwind-merge's tables, which start-up does in tasks of their own (prepareClassMerging); at import they would
 * add that work to the evaluation of the app's chunk, one long task.
 */
const chipClasses = () =>
  cn(
    buttonVariants({ variant: "outline", size: "sm" }),
    "relative h-9 cursor-pointer rounded-full px-3.5",
    "has-[:checked]:border-ink has-[:checked]:bg-brand-100 has-[:checked]:hover:bg-brand-200",
    "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink",
  );

/**
 * Pick from a short list: each option a chip that is a real checkbox (or radio button) inside its label, so the
 * choice is made and posted by the browser itself before any script runs; the chip's look follows :checked.
 */
export function ChoiceChips<T extends string>({
  name,
  label,
  hint,
  options,
  selected,
  onToggle,
  single = false,
  error,
  className,
}: ChoiceChipsProps<T>) {
  const id = useId();
  const chip = chipClasses();
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <p id={`${id}-label`} className="text-sm font-medium text-ink">
        {label} {hint ? <span className="font-normal text-ink-muted">{hint}</span> : null}
      </p>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        data-field={name}
        className="flex flex-wrap gap-2"
      >
        {options.map((option) => (
          <label key={option} className={chip}>
            <input
              type={single ? "radio" : "checkbox"}
              name={name}
              value={option}
              checked={selected.includes(option)}
              onChange={() => onToggle(option)}
              // Over the whole chip, drawn by the label: a click anywhere on it ticks the box.
              className="peer absolute inset-0 cursor-pointer appearance-none rounded-full outline-none"
            />
            <Check aria-hidden="true" className="hidden peer-checked:block" />
            {option}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
