import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { BUILDER_STATUSES, type BuilderStatus } from "#common/builders/builders.ts";

export type StatusFilter = "all" | BuilderStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ["all", ...BUILDER_STATUSES];

const isStatusFilter = (value: string | null): value is StatusFilter => STATUS_FILTERS.includes(value as StatusFilter);

/** The chosen tab lives in the address (?status=pending), so a reload or a shared link opens the same tab. */
export function useStatusFilter(): [StatusFilter, (next: StatusFilter) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get("status");
  const filter = isStatusFilter(value) ? value : "all";
  const setFilter = useCallback((next: StatusFilter) => setParams(next === "all" ? {} : { status: next }, { replace: true }), [setParams]);
  return [filter, setFilter];
}
