/** Appends `?callback=` to an auth link when there is a valid callback to carry along. */
export function withCallback(path: string, callback: string | null): string {
  return callback ? `${path}?callback=${encodeURIComponent(callback)}` : path;
}
