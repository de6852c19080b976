import { useEffect, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import { useHydrated } from "#client/lib/use-hydrated.ts";
import { Button, type ButtonProps } from "./button";

export type CopyButtonProps = Omit<ButtonProps, "onClick" | "children"> & {
  /** The text put on the clipboard. */
  text: string;
  label?: string;
  /** How long 'Copied' shows after a copy. */
  markerMs?: number;
};

/**
 * Copies `text` and shows 'Copied' for `markerMs` (announced to screen readers). If the clipboard is refused
 * (an insecure context, a denied permission) it says so instead of pretending. Before the scripts run it is not
 * shown: it could do nothing, and the text beside it can still be selected and copied by hand.
 */
export function CopyButton({ text, label = "Copy", markerMs = 2000, variant = "outline", ...props }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const hydrated = useHydrated();

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    timer.current = setTimeout(() => setState("idle"), markerMs);
  };

  if (!hydrated) return null;
  return (
    <Button variant={variant} onClick={() => void copy()} disabled={text === ""} {...props}>
      {state === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select and copy" : label}</span>
    </Button>
  );
}
