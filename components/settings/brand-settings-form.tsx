"use client";
// Settings → Brand: the brand's name and the postal address email footers show ([[brand.postal_address]]).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { userMessage } from "@/components/ui/messages";
import { useFieldErrors, type FormField } from "@/components/ui/use-field-errors";
import { apiFetch } from "@/lib/client/api-fetch";

type Brand = { id: string; name: string; plan: string; postalAddress: string | null; timeZone: string; defaultSendHour: number };
const brandKey = ["brand"] as const;
const FIELDS: Record<string, FormField> = {
  name: { label: "Brand name", id: "field-name" },
  postalAddress: { label: "Postal address", id: "brand-postal-address" },
  timeZone: { label: "Time zone", id: "brand-time-zone" },
  defaultSendHour: { label: "Default send hour", id: "brand-send-hour" },
};

/** Every IANA zone the browser knows (the brand's own first, should it be missing). */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}
const HOURS = Array.from({ length: 24 }, (_, h) => h);

export function BrandSettingsForm() {
  const brand = useQuery({ queryKey: brandKey, queryFn: () => apiFetch<Brand>("/api/brand") });
  if (brand.isPending)
    return (
      <p className="loading" aria-live="polite">
        Loading the brand…
      </p>
    );
  if (brand.isError)
    return (
      <div className="alert alert-error" role="alert">
        Could not load the brand: {userMessage(brand.error)}
      </div>
    );
  return <BrandForm brand={brand.data} />;
}

function BrandForm({ brand }: { brand: Brand }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(brand.name);
  const [address, setAddress] = useState(brand.postalAddress ?? "");
  const [timeZone, setTimeZone] = useState(brand.timeZone);
  const [sendHour, setSendHour] = useState(brand.defaultSendHour);
  const save = useMutation({
    mutationFn: () =>
      apiFetch<Brand>("/api/brand", {
        method: "PATCH",
        body: { name, postalAddress: address.trim() ? address : null, timeZone, defaultSendHour: sendHour },
      }),
    onSuccess: (saved) => queryClient.setQueryData(brandKey, saved),
  });
  const { errorOf, edited, summary } = useFieldErrors(save.error, FIELDS, { before: "the brand can be saved" });
  return (
    <form
      className="card stack"
      aria-labelledby="brand-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="brand-form-title" className="card-title">
        Brand details
      </h2>
      <ErrorSummary id="brand-form-errors" summary={summary} focusOn={save.error} />
      {save.isSuccess && !save.isPending && (
        <div className="alert alert-success" role="status">
          Saved. New renders and test emails use these details.
        </div>
      )}
      <Field
        label="Brand name"
        name="name"
        value={name}
        maxLength={100}
        required
        onChange={(e) => {
          setName(e.target.value);
          edited("name");
        }}
        error={errorOf("name")}
        hint="Shown in email footers and on the unsubscribe page."
      />
      <div className="field">
        <label className="label" htmlFor="brand-postal-address">
          Postal address
        </label>
        <textarea
          id="brand-postal-address"
          className="input"
          rows={3}
          maxLength={500}
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            edited("postalAddress");
          }}
          aria-describedby={`brand-postal-address-hint${errorOf("postalAddress") ? " brand-postal-address-error" : ""}`}
          aria-invalid={errorOf("postalAddress") ? true : undefined}
        />
        <p id="brand-postal-address-hint" className="hint">
          Anti-spam laws ask for a postal address in every marketing email. The footer section shows it where you add the “Postal address”
          merge tag.
        </p>
        {errorOf("postalAddress") && (
          <p id="brand-postal-address-error" className="field-error">
            {errorOf("postalAddress")}
          </p>
        )}
      </div>
      <div className="field">
        <label className="label" htmlFor="brand-time-zone">
          Time zone
        </label>
        <select
          id="brand-time-zone"
          className="input"
          value={timeZone}
          onChange={(e) => {
            setTimeZone(e.target.value);
            edited("timeZone");
          }}
          aria-describedby="brand-time-zone-hint"
        >
          {timeZones(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </select>
        <p id="brand-time-zone-hint" className="hint">
          Campaign times you pick are in this time zone, and contacts whose country is unknown get time-zone optimized campaigns at its
          time.
        </p>
      </div>
      <div className="field">
        <label className="label" htmlFor="brand-send-hour">
          Default send hour
        </label>
        <select
          id="brand-send-hour"
          className="input"
          value={sendHour}
          onChange={(e) => {
            setSendHour(Number(e.target.value));
            edited("defaultSendHour");
          }}
          aria-describedby="brand-send-hour-hint"
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {String(h).padStart(2, "0")}:00
            </option>
          ))}
        </select>
        <p id="brand-send-hour-hint" className="hint">
          Personalized campaigns reach each contact at the hour they usually open emails; contacts with no history get it at this hour.
        </p>
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}
