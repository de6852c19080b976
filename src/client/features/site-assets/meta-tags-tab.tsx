/** SCAFFOLD: replaced by the helper that owns this tab. */
export function MetaTagsTab() {
  return <p>Being built.</p>;
}
