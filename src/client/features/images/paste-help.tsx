import { Alert } from "#client/ui/alert.tsx";

/** The How to Paste help alert. */
export function PasteHelp() {
  return (
    <Alert variant="info" title="How to Paste" role="note">
      <ol className="list-decimal space-y-0.5 pl-5">
        <li>
          Copy an image: take a screenshot to the clipboard (<kbd className="font-mono text-xs">Win+Shift+S</kbd> on Windows,{" "}
          <kbd className="font-mono text-xs">⌘ Ctrl Shift 4</kbd> on a Mac), or right-click an image and choose Copy Image.
        </li>
        <li>
          Come back to this page and press <kbd className="font-mono text-xs">Ctrl+V</kbd> (<kbd className="font-mono text-xs">⌘V</kbd> on a
          Mac). No need to click anywhere first.
        </li>
      </ol>
    </Alert>
  );
}
