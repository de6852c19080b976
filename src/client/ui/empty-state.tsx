import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "./cn";

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  /** A button or link offering the next step. */
  action?: ReactNode;
  /** The element of the title; use "h1" when the empty state is the whole page. */
  titleAs?: "p" | "h1" | "h2" | "h3";
  className?: string;
};

export function EmptyState({ title, description, icon: Icon, action, titleAs: Title = "p", className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-panel border border-dashed border-line-strong bg-surface px-6 py-12 text-center",
        className,
      )}
    >
      {Icon ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-900">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <Title className="text-base font-semibold text-ink">{title}</Title>
      {description ? <div className="max-w-md text-sm text-ink-muted">{description}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
