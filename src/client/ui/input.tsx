import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Shared look of text-like controls (input, textarea, select trigger). */
export const controlClasses = [
  "focus-ring w-full rounded-control border border-control bg-surface text-base text-ink shadow-xs sm:text-sm",
  "placeholder:text-ink-subtle disabled:cursor-not-allowed disabled:bg-sunken disabled:opacity-70",
  "aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700",
].join(" ");

export type InputProps = ComponentProps<"input">;

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(controlClasses, "h-10 px-3", className)} {...props} />;
}

/** An email field: the right keyboard on phones, no auto-capitalising or spell-check; "email" autofill unless told. */
export function EmailInput({ autoComplete = "email", ...props }: Omit<InputProps, "type">) {
  return (
    <Input name="email" type="email" inputMode="email" autoComplete={autoComplete} autoCapitalize="none" spellCheck={false} {...props} />
  );
}
