import { useId, type ReactElement, type ReactNode } from "react";
import { Slot } from "radix-ui";
import { cn } from "./cn";
import { Label } from "./label";

export type FieldProps = {
  label: ReactNode;
  /** The single control (Input, PasswordInput, Textarea, select trigger...). It receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
  /** Shown under the control in red; marks the control invalid. */
  error?: string | null;
  /** Helper text under the control. */
  hint?: ReactNode;
  /** Id of the control; generated when omitted. */
  id?: string;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  /** Something placed at the right of the label row (for example a "Forgot password?" link). */
  labelAside?: ReactNode;
  className?: string;
};

/** Label + control + hint + error, wired with htmlFor, aria-describedby and aria-invalid. */
export function Field({ label, children, error, hint, id, optional, labelAside, className }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={controlId}>
          {label}
          {optional ? <span className="ml-1 font-normal text-ink-muted">(optional)</span> : null}
        </Label>
        {labelAside}
      </div>
      <Slot.Root id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
