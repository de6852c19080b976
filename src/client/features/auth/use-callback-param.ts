import { useSearchParams } from "react-router-dom";
import { safeCallback } from "./safe-callback";

/** The validated `?callback=` path of the current URL, or null. */
export function useCallbackParam(): string | null {
  const [params] = useSearchParams();
  return safeCallback(params.get("callback"));
}
