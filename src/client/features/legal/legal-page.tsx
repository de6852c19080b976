import type { ReactNode } from "react";

export type LegalPageProps = { title: string; intro: ReactNode; children: ReactNode };

/** Readable long-form layout shared by the terms and privacy pages. */
export function LegalPage({ title, intro, children }: LegalPageProps) {
  return (
    <article className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <title>{`${title} · The $100 Lab`}</title>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-3 text-lg text-ink-muted">{intro}</div>
      <div className="mt-8 flex flex-col gap-6 leading-relaxed [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-ink [&_li]:ml-5 [&_li]:list-disc [&_p]:text-ink-muted [&_section]:flex [&_section]:flex-col [&_section]:gap-2 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1 [&_ul]:text-ink-muted">
        {children}
      </div>
    </article>
  );
}
