/** First focusable element of every page: lets keyboard users jump past the navigation. */
export function SkipLink() {
  return (
    <a
      href="#main"
      // not-sr-only resets padding to 0: the padding is set again after it, or the text touches the edges.
      className="sr-only z-[200] rounded-control bg-ink text-sm font-semibold text-white shadow-overlay focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
    >
      Skip to content
    </a>
  );
}
