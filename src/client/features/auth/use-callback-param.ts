import { useSearchParams } from "react-router";
import { sameSitePath } from "#common/pages/same-site-path.ts";

/**
 * The `?callback=` path of the current URL when it is a path on this site (the rule the server's sign-in form
 * post applies too), else null: the login page cannot be turned into an open redirect.
 */
export function useCallbackParam(): string | null {
  const [params] = useSearchParams();
  return sameSitePath(params.get("callback"));
}
