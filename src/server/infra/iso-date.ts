/** A stored moment as sent in JSON: its ISO string, or null when it has not happened. */
export const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;
