import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";

export type AuthCardProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative icon shown above the title. */
  icon?: ReactNode;
  children: ReactNode;
  /** Secondary links under the card body ("Don't have an account? Sign up"). */
  footer?: ReactNode;
  /** A message shown above the card (what a link the user opened did). */
  notice?: ReactNode;
  className?: string;
};

/** The narrow, centred card every sign-in, sign-up and reset screen uses. Its title is the page's <h1>. */
export function AuthCard({ title, description, icon, children, footer, notice, className }: AuthCardProps) {
  return (
    <div className={cn("mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 sm:py-16", className)}>
      {notice}
      <Card>
        <CardHeader className="items-start">
          {icon ? (
            <span
              aria-hidden="true"
              className="mb-2 flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-900 [&_svg]:size-5"
            >
              {icon}
            </span>
          ) : null}
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          {description ? <CardDescription className="text-base">{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? <CardFooter className="justify-center text-center text-sm text-ink-muted">{footer}</CardFooter> : null}
      </Card>
    </div>
  );
}
