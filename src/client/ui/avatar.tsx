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
  /** Size and text size (size-10 by default). */
  className?: string;
};

/** A round picture of a person, or their initials. Decorative: the name is always written next to it. */
export function Avatar({ name, src, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const classes = cn("size-10 shrink-0 rounded-full", className);
  if (src && !failed) {
    return <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} className={cn(classes, "border border-line object-cover")} />;
  }
  return (
    <span aria-hidden="true" className={cn(classes, "flex items-center justify-center bg-brand-100 font-bold text-brand-900")}>
      {initialsOf(name)}
    </span>
  );
}
