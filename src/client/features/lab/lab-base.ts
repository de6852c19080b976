import { useLocation } from "react-router";

/** Where the Lab lives in this area: /admin/lab inside the back office, /lab in the member area. */
export function useLabBase(): string {
  return useLocation().pathname.toLowerCase().startsWith("/admin/") ? "/admin/lab" : "/lab";
}
