// Kept apart from common/admin.ts, which pulls in schemas: the public entry chunk imports this.
import { BACK_OFFICE_PAGES, matchesPagePattern } from "./page-routes";

/** The back office's pages (/admin, /admin/..., /today): the operator's own, neither counted as visits nor indexed. */
export const isBackOfficePath = (path: string): boolean =>
  Object.values(BACK_OFFICE_PAGES).some((pattern) => matchesPagePattern(pattern, path));
