import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge, getDefaultConfig } from "tailwind-merge";
import { nextTask } from "#client/lib/next-task.ts";

let defaultConfig: ReturnType<typeof getDefaultConfig> | undefined;
// The same as tailwind-merge's twMerge, except that its configuration can be built ahead (prepareClassMerging).
const twMerge = createTailwindMerge(() => defaultConfig ?? getDefaultConfig());

/** Joins class names and lets later Tailwind classes win over earlier ones (`cn("p-2", "p-4")` -> "p-4"). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its configuration and then its class tables on its first call: about 15 ms on a fast
 * machine, four times that on a phone. Hydration calls `cn` anyway; building them before, in two tasks of their
 * own, keeps that out of React's short slices of work and under the 50 ms that count as a long task.
 */
export async function prepareClassMerging(): Promise<void> {
  defaultConfig = getDefaultConfig();
  await nextTask();
  twMerge("");
}
