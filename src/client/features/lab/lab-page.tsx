/** The Lab: the signed-in user's experiments (filled in by the Lab feature). */
export function LabPage() {
  return <p className="text-ink-muted">Your experiments will appear here.</p>;
}
