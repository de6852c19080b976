import { useState } from "react";
import { cn } from "./cn";

/** "Ada Lovelace" -> "AL", "Ada" -> "A": the first and last names' first letters. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}

export type AvatarProps = {
  name: string;
  /** The picture; when absent, or when it fails to load, the initials show instead. */
  src: string | null;
  /** The picture's text alternative; the person's name by default. */
  alt?: string;
  /** Size and text size (size-10 by default). */
  className?: string;
};

/**
 * A round picture of a person, or their initials (hidden from screen readers: the name is written next to
 * them, and a picture is named by its alt text).
 */
export function Avatar({ name, src, alt = name, className }: AvatarProps) {
  // The source that failed to load, so that a new source gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cn("size-10 shrink-0 rounded-full", className);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={alt}
        loading="lazy"
        onError={() => setFailedSrc(src)}
        // A server-rendered picture can fail before React listens to it (hydration comes later): look on mount.
        ref={(image) => {
          if (image?.complete && image.naturalWidth === 0) setFailedSrc(src);
        }}
        className={cn(classes, "border border-line bg-sunken object-cover")}
      />
    );
  }
  return (
    <span aria-hidden="true" className={cn(classes, "flex items-center justify-center bg-brand-100 font-bold text-brand-900")}>
      {initialsOf(name)}
    </span>
  );
}
