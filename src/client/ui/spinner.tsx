import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "./cn";

const spinnerVariants = cva("inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent", {
  variants: {
    size: {
      sm: "size-4 border-2",
      md: "size-6 border-2",
      lg: "size-10 border-[3px]",
    },
  },
  defaultVariants: { size: "md" },
});

export type SpinnerProps = VariantProps<typeof spinnerVariants> & {
  /** Announced to screen readers. Pass `null` when a surrounding element already announces the busy state. */
  label?: string | null;
  className?: string;
};

export function Spinner({ size, label = "Loading", className }: SpinnerProps) {
  if (label === null) {
    return <span aria-hidden="true" className={cn(spinnerVariants({ size }), className)} />;
  }
  return (
    <span role="status" className="inline-flex items-center">
      <span aria-hidden="true" className={cn(spinnerVariants({ size }), className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export type PageSpinnerProps = { label?: string; className?: string };

/** A spinner centred in the available space, for whole-page loading states. */
export function PageSpinner({ label = "Loading", className }: PageSpinnerProps) {
  return (
    <div className={cn("flex min-h-[50vh] flex-1 items-center justify-center p-8 text-ink-muted", className)}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
