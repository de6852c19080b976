import type { ComponentProps } from "react";
import { cn } from "./cn";

export type CardProps = ComponentProps<"div">;

export function Card({ className, ...props }: CardProps) {
  return <div className={cn("rounded-panel border border-line bg-surface text-ink shadow-panel", className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-5 sm:p-6", className)} {...props} />;
}

export type CardTitleProps = ComponentProps<"h2"> & { as?: "h1" | "h2" | "h3" };

export function CardTitle({ className, as: Heading = "h2", ...props }: CardTitleProps) {
  return <Heading className={cn("text-lg font-semibold tracking-tight text-ink", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-ink-muted", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-5 pb-5 sm:px-6 sm:pb-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-wrap items-center gap-3 border-t border-line px-5 py-4 sm:px-6", className)} {...props} />;
}
