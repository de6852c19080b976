import type { ComponentProps } from "react";
import { ExternalLink as ExternalIcon } from "lucide-react";
import { Link } from "react-router";
import { cn } from "./cn";

export const textLinkClasses =
  "focus-ring rounded-sm font-medium text-ink underline decoration-brand-500 decoration-2 underline-offset-4 hover:decoration-ink";

export type TextLinkProps = ComponentProps<typeof Link>;

/** An in-app link styled as text (router navigation, no page reload). */
export function TextLink({ className, ...props }: TextLinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}

export type ExternalTextLinkProps = Omit<ComponentProps<"a">, "target" | "rel"> & {
  /** Show the "opens elsewhere" arrow after the text. */
  withIcon?: boolean;
};

/** A link to another site, styled as text: opens in a new tab, and says so to screen readers. */
export function ExternalTextLink({ className, children, withIcon = false, ...props }: ExternalTextLinkProps) {
  return (
    <a
      target="_blank"
      rel="noopener noreferrer"
      className={cn(textLinkClasses, withIcon && "inline-flex w-fit items-center gap-1.5", className)}
      {...props}
    >
      {children}
      {withIcon ? <ExternalIcon aria-hidden="true" className="size-3.5" /> : null}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
