import { TrialDemo } from "./trial-demo";

/** /demo: the trial demo for anyone, in the public frame. */
export function TrialDemoPage() {
  return (
    <>
      <title>Trial Demo · The $100 Lab</title>
      <div className="flex flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-center text-sm font-semibold tracking-wide text-ink-muted uppercase">Trial Demo</h1>
        <TrialDemo entry="public" />
      </div>
    </>
  );
}

/** /admin/trial-demo: the same demo inside the back office's shell (which shows the title). */
export function TrialDemoAdminPage() {
  return <TrialDemo entry="admin" />;
}
