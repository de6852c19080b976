import { useId, type ReactNode } from "react";

/**
 * A part of the account page's "Sign-in security" card (passkeys, two-factor codes), under the password form:
 * a rule above, its own heading, and the heading as the region's name.
 */
export function SecuritySubsection({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 flex flex-col gap-4 border-t border-line pt-6">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          {title}
        </h3>
        <p className="text-sm text-ink-muted">{description}</p>
      </div>
      {children}
    </section>
  );
}
