"use client";
// Settings → Brand: the brand's name and the postal address email footers show ([[brand.postal_address]]).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { userMessage } from "@/components/ui/messages";
import { useFieldErrors, type FormField } from "@/components/ui/use-field-errors";
import { apiFetch } from "@/lib/client/api-fetch";

type Brand = { id: string; name: string; plan: string; postalAddress: string | null };
const brandKey = ["brand"] as const;
const FIELDS: Record<string, FormField> = {
  name: { label: "Brand name", id: "field-name" },
  postalAddress: { label: "Postal address", id: "brand-postal-address" },
};

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
  const save = useMutation({
    mutationFn: () => apiFetch<Brand>("/api/brand", { method: "PATCH", body: { name, postalAddress: address.trim() ? address : null } }),
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
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}
