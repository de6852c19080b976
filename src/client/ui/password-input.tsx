import { useId, useState } from "react";
import { Eye, EyeOff } from "lucide-react";
import { useHydrated } from "#client/lib/use-hydrated.ts";
import { cn } from "./cn";
import { Input, type InputProps } from "./input";

export type PasswordInputProps = Omit<InputProps, "type"> & {
  /** Accessible names of the toggle; defaults "Show password" / "Hide password". */
  showLabel?: string;
  hideLabel?: string;
};

/**
 * A password field with a show/hide toggle. Every prop (id, name, aria-*) goes to the <input>,
 * so it works inside <Field>. The toggle is a real button with a changing accessible name and aria-pressed;
 * it needs scripts, so until they run the field is a plain password field.
 */
export function PasswordInput({
  className,
  id,
  showLabel = "Show password",
  hideLabel = "Hide password",
  disabled,
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className="relative">
      <Input
        id={inputId}
        type={visible ? "text" : "password"}
        className={cn(hydrated && "pr-11", className)}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        disabled={disabled}
        {...props}
      />
      {hydrated ? (
        <button
          type="button"
          className="focus-ring absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-control text-ink-muted hover:text-ink disabled:opacity-60"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          aria-controls={inputId}
          disabled={disabled}
        >
          {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
        </button>
      ) : null}
    </div>
  );
}
