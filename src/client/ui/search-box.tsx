import { useEffect, useState } from "react";
import { Search, X } from "lucide-react";
import { Input } from "./input";

/** Long enough to type a word without a search per key, short enough to feel immediate. */
const SEARCH_DELAY_MS = 300;

/**
 * The back office's search by name or email: searches as the person types, a moment after the last key; Escape or
 * the clear button empties it. `value` is the search in force (e.g. from the address), followed when it changes.
 */
export function SearchBox({ value, onSearch, maxLength }: { value: string; onSearch: (q: string) => void; maxLength: number }) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // The address changed from elsewhere (back button, the empty state's "Clear search"): follow it.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="relative w-full sm:w-72">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
      <Input
        type="search"
        aria-label="Search by name or email"
        placeholder="Search name or email"
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        maxLength={maxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && text) {
            event.preventDefault();
            setText("");
            onSearch("");
          }
        }}
      />
      {text ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setText("");
            onSearch("");
          }}
          className="focus-ring absolute top-1/2 right-2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-sm text-ink-muted hover:text-ink"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
