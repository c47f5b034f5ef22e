"use client";
// Settings → Sending: open and click tracking, saved as soon as a box is changed.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { userMessage } from "@/components/ui/messages";
import { getSendingSettings, sendingSettingsKey, updateSendingSettings, type SendingSettings } from "./sending-client";

export function TrackingSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: sendingSettingsKey, queryFn: getSendingSettings });
  // The box shows the new choice at once (local state: the query cache tells its observers a tick later,
  // after the click has ended); a failed save puts the old one back and says so.
  const [choice, setChoice] = useState<Partial<Pick<SendingSettings, "trackOpens" | "trackClicks">>>({});
  const save = useMutation({
    mutationFn: updateSendingSettings,
    onMutate: (patch) => {
      const before = queryClient.getQueryData<SendingSettings>(sendingSettingsKey);
      if (before) queryClient.setQueryData(sendingSettingsKey, { ...before, ...patch });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(sendingSettingsKey, context.before);
      setChoice({});
    },
    onSuccess: (next: SendingSettings) => queryClient.setQueryData(sendingSettingsKey, next),
  });
  if (settings.isPending)
    return (
      <p className="loading" role="status">
        Loading tracking settings…
      </p>
    );
  if (settings.isError)
    return (
      <div className="alert alert-error" role="alert">
        Could not load tracking settings: {userMessage(settings.error)}
      </div>
    );
  const s = { ...settings.data, ...choice };
  const change = (patch: Pick<SendingSettings, "trackOpens"> | Pick<SendingSettings, "trackClicks">) => {
    setChoice((c) => ({ ...c, ...patch }));
    save.mutate(patch);
  };
  return (
    <fieldset className="field">
      <legend className="label">Tracking</legend>
      <label className="checkbox">
        <input type="checkbox" checked={s.trackOpens} onChange={(e) => change({ trackOpens: e.target.checked })} /> Track opens (a tiny
        image in each email)
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={s.trackClicks} onChange={(e) => change({ trackClicks: e.target.checked })} /> Track clicks (links go
        through Inkwell first)
      </label>
      <p className="hint">
        Opens and clicks by mail privacy proxies and link scanners are recorded apart and left out of your rates. Changes apply to emails
        sent from now on.
      </p>
      {save.isError && (
        <p className="field-error" role="alert">
          Not saved: {userMessage(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className="hint" role="status">
          Saved.
        </p>
      )}
    </fieldset>
  );
}
