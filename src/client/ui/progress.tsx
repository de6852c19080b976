import type { ComponentProps } from "react";
import { Progress as ProgressPrimitive } from "radix-ui";
import { cn } from "./cn";

export type ProgressProps = Omit<ComponentProps<typeof ProgressPrimitive.Root>, "value" | "max"> & {
  /** Current value; `null` means indeterminate. */
  value: number | null;
  /** Defaults to 100. */
  max?: number;
  /** Accessible name (for example "Step 3 of 11"); required unless aria-labelledby is given. */
  label?: string;
  indicatorClassName?: string;
};

export function Progress({ className, value, max = 100, label, indicatorClassName, ...props }: ProgressProps) {
  const clamped = value === null ? null : Math.min(Math.max(value, 0), max);
  const percent = clamped === null ? 0 : max > 0 ? (clamped / max) * 100 : 0;
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={max}
      aria-label={label}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-stone-200", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          "h-full w-full rounded-full bg-brand-500 transition-transform duration-300",
          clamped === null && "w-1/3 animate-pulse",
          indicatorClassName,
        )}
        style={clamped === null ? undefined : { transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
