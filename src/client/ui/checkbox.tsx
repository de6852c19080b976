import type { ComponentProps } from "react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import { Check, Minus } from "lucide-react";
import { cn } from "./cn";

/** A checkbox; pair it with a <Label htmlFor> or wrap both in a <label>. Supports checked="indeterminate". */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        "focus-ring peer inline-flex size-5 shrink-0 items-center justify-center rounded-[0.3rem] border border-control bg-surface text-white",
        "disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-ink data-[state=checked]:bg-ink",
        "data-[state=indeterminate]:border-ink data-[state=indeterminate]:bg-ink aria-invalid:border-red-700",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="group flex items-center justify-center">
        <Check aria-hidden="true" className="size-3.5 stroke-[3] group-data-[state=indeterminate]:hidden" />
        <Minus aria-hidden="true" className="hidden size-3.5 stroke-[3] group-data-[state=indeterminate]:block" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
