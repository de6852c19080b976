/** First focusable element of every page: lets keyboard users jump past the navigation. */
export function SkipLink() {
  return (
    <a
      href="#main"
      // not-sr-only resets padding to 0: the padding is set again after it, or the text touches the edges. Shown
      // at the top centre, where the header has nothing, so it covers neither the logo nor the nav.
      className="sr-only z-[200] rounded-control bg-ink text-sm font-semibold text-white shadow-overlay focus:not-sr-only focus:fixed focus:top-3 focus:left-1/2 focus:-translate-x-1/2 focus:px-4 focus:py-2"
    >
      Skip to content
    </a>
  );
}
