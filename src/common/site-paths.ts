// Kept apart from common/admin.ts, which pulls in schemas: the public entry chunk imports this.

/** The back office's pages (/admin, /admin/..., /today): the operator's own, neither counted as visits nor indexed. */
export const isBackOfficePath = (path: string): boolean => /^\/(admin|today)(\/|$)/.test(path);
