import { Link } from "react-router";

const linkClasses = "focus-ring rounded-sm text-ink-muted underline-offset-4 hover:text-ink hover:underline";

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>The $100 Lab: practise investing with small, real experiments. Not financial advice.</p>
        <nav aria-label="Legal" className="flex gap-5">
          <Link to="/terms" className={linkClasses}>
            Terms
          </Link>
          <Link to="/privacy" className={linkClasses}>
            Privacy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
