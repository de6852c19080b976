import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "./cn";
import { Spinner } from "./spinner";

export const buttonVariants = cva(
  [
    "focus-ring inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-control font-semibold",
    "transition-colors select-none disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0",
  ],
  {
    variants: {
      variant: {
        primary: "bg-brand-400 text-ink shadow-panel hover:bg-brand-300 active:bg-brand-500",
        secondary: "bg-ink text-white shadow-panel hover:bg-stone-800 active:bg-stone-950",
        outline: "border border-control bg-surface text-ink hover:bg-sunken active:bg-stone-200",
        ghost: "text-ink hover:bg-sunken active:bg-stone-200",
        destructive: "bg-red-600 text-white shadow-panel hover:bg-red-700 active:bg-red-800",
        link: "h-auto px-0 text-ink underline decoration-brand-500 decoration-2 underline-offset-4 hover:decoration-ink",
      },
      size: {
        sm: "h-8 px-3 text-sm [&_svg]:size-4",
        md: "h-10 px-4 text-sm [&_svg]:size-4",
        lg: "h-12 px-6 text-base [&_svg]:size-5",
        icon: "size-10 [&_svg]:size-5",
      },
    },
    compoundVariants: [{ variant: "link", className: "h-auto px-0" }],
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Shows a spinner, disables the button and marks it busy. The label stays, so the width does not jump. */
    loading?: boolean;
    /** Render the single child (for example a router Link) with button styles instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, loading = false, asChild = false, disabled, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return (
      <Slot.Root className={classes} aria-disabled={disabled || loading || undefined} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button type={type ?? "button"} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading ? <Spinner size="sm" label={null} /> : null}
      {children}
    </button>
  );
}
