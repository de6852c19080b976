import { useId } from "react";
import { cn } from "./cn";

/**
 * For a submit button a form keeps disabled until its required fields are filled: the reason, shown while it
 * is disabled and tied to the button (`aria-describedby={hint.describedBy}`), so no one is left guessing.
 */
export function useSubmitHint(disabled: boolean, text: string) {
  const id = useId();
  return {
    describedBy: disabled ? id : undefined,
    element: disabled ? <SubmitHintText id={id} text={text} /> : null,
  };
}

function SubmitHintText({ id, text, className }: { id: string; text: string; className?: string }) {
  return (
    <p id={id} className={cn("text-sm text-ink-muted", className)}>
      {text}
    </p>
  );
}
