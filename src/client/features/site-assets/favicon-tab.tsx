/** SCAFFOLD: replaced by the helper that owns this tab. */
export function FaviconTab() {
  return <p>Being built.</p>;
}
