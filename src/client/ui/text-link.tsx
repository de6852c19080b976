import type { ComponentProps } from "react";
import { Link } from "react-router-dom";
import { cn } from "./cn";

export const textLinkClasses =
  "focus-ring rounded-sm font-medium text-ink underline decoration-brand-500 decoration-2 underline-offset-4 hover:decoration-ink";

export type TextLinkProps = ComponentProps<typeof Link>;

/** An in-app link styled as text (router navigation, no page reload). */
export function TextLink({ className, ...props }: TextLinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
