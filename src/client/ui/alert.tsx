import type { ComponentProps, ReactNode } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import { Button } from "./button";
import { cn } from "./cn";

const alertVariants = cva("flex gap-3 rounded-control border p-4 text-sm", {
  variants: {
    variant: {
      info: "border-blue-200 bg-blue-50 text-blue-900",
      success: "border-emerald-200 bg-emerald-50 text-emerald-900",
      warning: "border-brand-300 bg-brand-50 text-brand-900",
      error: "border-red-200 bg-red-50 text-red-700",
    },
  },
  defaultVariants: { variant: "info" },
});

const icons = { info: Info, success: CheckCircle2, warning: AlertTriangle, error: XCircle } as const;

export type AlertProps = Omit<ComponentProps<"div">, "title"> &
  VariantProps<typeof alertVariants> & {
    title?: ReactNode;
    /** Hide the leading icon. */
    plain?: boolean;
  };

/**
 * Info, success, warning and error boxes. Errors use role="alert" (announced at once);
 * the others use role="status" (announced politely). Override with the `role` prop.
 */
export function Alert({ className, variant, title, plain = false, children, role, ...props }: AlertProps) {
  const kind = variant ?? "info";
  const Icon = icons[kind];
  return (
    <div role={role ?? (kind === "error" ? "alert" : "status")} className={cn(alertVariants({ variant }), className)} {...props}>
      {plain ? null : <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed [&_a]:underline [&_a]:underline-offset-2">{children}</div> : null}
      </div>
    </div>
  );
}

export type LoadFailedAlertProps = {
  title: ReactNode;
  /** What went wrong, in words a person can act on. */
  children?: ReactNode;
  onRetry: () => void;
  retrying: boolean;
};

/** Something could not be loaded: the error, and a Try again button that spins while it retries. */
export function LoadFailedAlert({ title, children, onRetry, retrying }: LoadFailedAlertProps) {
  return (
    <Alert variant="error" title={title}>
      {children ? <p>{children}</p> : null}
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Alert>
  );
}
