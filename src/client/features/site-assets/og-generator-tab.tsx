/** SCAFFOLD: replaced by the helper that owns this tab. */
export function OgGeneratorTab() {
  return <p>Being built.</p>;
}
