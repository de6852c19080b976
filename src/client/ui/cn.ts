import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind classes win over earlier ones (`cn("p-2", "p-4")` -> "p-4"). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class tables on its first call (about 15 ms on a fast machine, four times that on a
 * phone). Hydration calls `cn` anyway; building them before, in a task of their own, keeps that out of React's
 * short slices of work.
 */
export function prepareClassMerging(): void {
  twMerge("");
}
