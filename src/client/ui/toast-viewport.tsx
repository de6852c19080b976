import { Toast as ToastPrimitive } from "radix-ui";
import { cva } from "class-variance-authority";
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from "lucide-react";
import { cn } from "./cn";
import { dismissToast, removeToast, type ToastItem } from "./toast";

const toastVariants = cva(
  "pointer-events-auto relative flex w-full items-start gap-3 rounded-panel border bg-surface p-4 pr-10 text-sm shadow-overlay data-[state=open]:animate-slide-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:hidden data-[state=closed]:hidden",
  {
    variants: {
      variant: {
        info: "border-line text-ink",
        success: "border-emerald-300 text-ink",
        warning: "border-brand-400 text-ink",
        error: "border-red-300 text-ink",
      },
    },
    defaultVariants: { variant: "info" },
  },
);

const icons = {
  info: <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-700" />,
  success: <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />,
  warning: <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-800" />,
  error: <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />,
} as const;

/** The radix renderer of the toast store; loaded lazily by `Toaster`. */
export function ToastViewport({ toasts }: { toasts: ToastItem[] }) {
  return (
    <ToastPrimitive.Provider swipeDirection="right" label="Notification">
      {toasts.map(({ id, open, title, description, variant = "info", duration }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration ?? (variant === "error" ? 8000 : 5000)}
          type={variant === "error" ? "foreground" : "background"}
          onOpenChange={(next) => {
            if (!next) {
              dismissToast(id);
              window.setTimeout(() => removeToast(id), 200);
            }
          }}
          className={cn(toastVariants({ variant }))}
        >
          {icons[variant]}
          <div className="flex min-w-0 flex-col gap-1">
            <ToastPrimitive.Title className="font-semibold">{title}</ToastPrimitive.Title>
            {description ? <ToastPrimitive.Description className="text-ink-muted">{description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="focus-ring absolute top-3 right-3 inline-flex size-7 items-center justify-center rounded-md text-ink-muted hover:bg-sunken hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
