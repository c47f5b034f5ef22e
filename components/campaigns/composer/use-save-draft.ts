// Saving a composer step: a PATCH of the draft, whose answer replaces the cached campaign.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "@/lib/client/api-fetch";
import { campaignKeys, updateCampaign, type Campaign } from "../campaigns-client";

export function useSaveDraft(campaign: Campaign, onSaved?: (saved: Campaign) => void) {
  const queryClient = useQueryClient();
  return useMutation<Campaign, ApiError, Parameters<typeof updateCampaign>[1]>({
    mutationFn: (patch) => updateCampaign(campaign.id, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all, refetchType: "none" });
      onSaved?.(saved);
    },
  });
}
