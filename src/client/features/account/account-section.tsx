import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";

/** One card of the account page, with an anchor (`/account#sessions`) and its heading as its accessible name. */
export function AccountSection({
  id,
  title,
  description,
  children,
  tone = "plain",
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: "plain" | "danger";
}) {
  return (
    <Card
      id={id}
      aria-labelledby={`${id}-title`}
      role="region"
      className={tone === "danger" ? "scroll-mt-24 border-red-200" : "scroll-mt-24"}
    >
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
