import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { BANGER_STATUSES, BANGER_TYPES, type BangerStatus, type BangerType } from "#common/bangers/bangers.ts";

export type BangerFilters = { type: BangerType | null; status: BangerStatus | null };

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

/** The type and status filters live in the address (?type=thread&status=ready): a reload or a shared link keeps them. */
export function useBangerFilters(): [BangerFilters, (next: Partial<BangerFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: BangerFilters = { type: pick(BANGER_TYPES, params.get("type")), status: pick(BANGER_STATUSES, params.get("status")) };
  const setFilters = useCallback(
    (next: Partial<BangerFilters>) =>
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value) merged.set(key, value);
            else merged.delete(key);
          }
          return merged;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, setFilters];
}
