import type { ComponentProps } from "react";
import { Switch as SwitchPrimitive } from "radix-ui";
import { cn } from "./cn";

/** An on/off switch (role="switch"); give it a label with <Label htmlFor> or aria-label. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        "focus-ring peer inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors",
        "bg-control data-[state=checked]:bg-ink disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-panel transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-brand-300 data-[state=unchecked]:translate-x-0" />
    </SwitchPrimitive.Root>
  );
}
