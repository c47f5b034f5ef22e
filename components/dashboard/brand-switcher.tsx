"use client";
// Lets a member of several brands choose which one the dashboard works on.
import { useState, useTransition } from "react";
import { switchBrandAction } from "@/lib/accounts/dashboard-actions";
import "./top-bar.css";

type Brand = { id: string; name: string };

export function BrandSwitcher({ brands, activeId }: { brands: Brand[]; activeId: string }) {
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState(false);
  return (
    <div className="brand-switcher">
      <label htmlFor="brand-switcher" className="visually-hidden">
        Brand
      </label>
      <select
        id="brand-switcher"
        className="input input-sm"
        value={activeId}
        disabled={pending}
        onChange={(event) => {
          const brandId = event.target.value;
          setFailed(false);
          startTransition(async () => {
            const { ok } = await switchBrandAction(brandId);
            if (!ok) setFailed(true);
          });
        }}
      >
        {brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
      {failed && (
        <span role="alert" className="field-error">
          Could not switch brand
        </span>
      )}
    </div>
  );
}
