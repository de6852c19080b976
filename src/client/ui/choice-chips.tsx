import { useId, type ReactNode } from "react";
import { Check } from "lucide-react";
import { Button } from "./button";
import { cn } from "./cn";

export type ChoiceChipsProps<T extends string> = {
  /** The field's name: set as data-field on the group, so a form can focus it when it has an error. */
  name: string;
  label: ReactNode;
  /** After the label, in lighter text: "(optional)". */
  hint?: ReactNode;
  options: readonly T[];
  selected: readonly T[];
  onToggle: (option: T) => void;
  error?: string | undefined;
  className?: string;
};

/** Pick any number from a short list: each option a toggle button (aria-pressed), with the group's label and error. */
export function ChoiceChips<T extends string>({ name, label, hint, options, selected, onToggle, error, className }: ChoiceChipsProps<T>) {
  const id = useId();
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
        {options.map((option) => {
          const pressed = selected.includes(option);
          return (
            <Button
              key={option}
              variant="outline"
              size="sm"
              aria-pressed={pressed}
              onClick={() => onToggle(option)}
              className={cn("h-9 rounded-full px-3.5", pressed && "border-ink bg-brand-100 hover:bg-brand-200 active:bg-brand-300")}
            >
              {pressed ? <Check aria-hidden="true" /> : null}
              {option}
            </Button>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
