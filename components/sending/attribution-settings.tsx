"use client";
// Settings → Sending: how long after a click an order counts for the email, and the currency revenue is
// counted in (docs/campaigns.md, "Revenue"). The server validates both; its field errors are shown here.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { userMessage } from "@/components/ui/messages";
import { getSendingSettings, sendingSettingsKey, updateSendingSettings, type SendingSettings } from "./sending-client";

export function AttributionSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: sendingSettingsKey, queryFn: getSendingSettings });
  if (settings.isPending)
    return (
      <p className="loading" role="status">
        Loading attribution settings…
      </p>
    );
  if (settings.isError)
    return (
      <div className="alert alert-error" role="alert">
        Could not load attribution settings: {userMessage(settings.error)}
      </div>
    );
  return <AttributionForm initial={settings.data} onSaved={(next) => queryClient.setQueryData(sendingSettingsKey, next)} />;
}

function AttributionForm({ initial, onSaved }: { initial: SendingSettings; onSaved: (next: SendingSettings) => void }) {
  const [days, setDays] = useState(String(initial.attributionWindowDays));
  const [currency, setCurrency] = useState(initial.revenueCurrency);
  const save = useMutation({ mutationFn: updateSendingSettings, onSuccess: onSaved });
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ attributionWindowDays: Number(days), revenueCurrency: currency.trim().toUpperCase() });
      }}
    >
      <p className="hint">
        An order counts for the email its contact last clicked within this many days before ordering. The report also shows a second, “opens
        model” figure: orders after the last open or click. Changes apply to orders processed from now on.
      </p>
      <div className="cluster">
        <div className="field">
          <label className="label" htmlFor="attribution-window">
            Attribution window (days)
          </label>
          <input
            id="attribution-window"
            className="input"
            type="number"
            min={1}
            max={30}
            required
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="label" htmlFor="revenue-currency">
            Currency
          </label>
          <input
            id="revenue-currency"
            className="input"
            pattern="[A-Za-z]{3}"
            maxLength={3}
            required
            aria-describedby="revenue-currency-hint"
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
          />
          <p id="revenue-currency-hint" className="hint">
            ISO code, e.g. EUR. Orders in another currency count as orders, not revenue. Fixed once revenue has been counted.
          </p>
        </div>
      </div>
      <div className="cluster">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save
        </button>
        {save.isSuccess && (
          <p className="hint" role="status">
            Saved.
          </p>
        )}
      </div>
      {save.isError && (
        <p className="field-error" role="alert">
          Not saved: {userMessage(save.error)}
        </p>
      )}
    </form>
  );
}
