import { useState } from "react";
import type { Banger } from "#common/bangers/bangers.ts";
import type { BangerCreateValues } from "#common/bangers/input.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";

/**
 * Saves something written elsewhere (a brand-voice tweet, an image's content idea) as a banger draft, and
 * remembers what was saved so the caller can confirm it. `save` rejects on failure; `error` keeps the reason.
 */
export function useSaveDraft() {
  const trpc = useTRPC();
  const create = useMutation(trpc.bangers.create.mutationOptions());
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Banger | null>(null);

  const save = async (draft: Omit<BangerCreateValues, "status">) => {
    const { banger } = await create.mutateAsync({ ...draft, status: "draft" });
    setSaved(banger);
    await queryClient.invalidateQueries(trpc.bangers.pathFilter());
  };
  const reset = () => {
    setSaved(null);
    create.reset();
  };
  return { save, reset, saved, pending: create.isPending, error: create.isError ? create.error : null };
}
