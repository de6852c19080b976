import type { ReactNode } from "react";

export function StepHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 text-center">
      <h2 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h2>
      {children ? <p className="text-ink-muted">{children}</p> : null}
    </div>
  );
}
