"use client";
// Products and categories chosen by name (the document stores their ids): the chosen ones as a list
// with a remove button each, and a search to add more.
import { useCatalog, type CatalogChoice } from "../data/catalog-choices";
import { SearchPicker } from "./search-picker";

type Props = {
  label: string;
  source: "products" | "categories";
  values: readonly string[];
  onChange: (values: string[] | undefined) => void;
  /** One value only (a product block's product). */
  single?: boolean;
  error?: string;
};

export function CatalogPicker({ label, source, values, onChange, single, error }: Props) {
  const catalog = useCatalog();
  const choices: CatalogChoice[] = catalog.data?.[source] ?? [];
  const labelOf = (value: string) => choices.find((c) => c.value === value)?.label ?? value;
  const noun = source === "products" ? "product" : "category";
  return (
    <fieldset className="ed-catalog-picker">
      <legend>{label}</legend>
      {values.length > 0 ? (
        <ul className="ed-chips" aria-label={`${label}: chosen`}>
          {values.map((value) => (
            <li key={value} className="ed-chip-item">
              <span>{labelOf(value)}</span>
              <button
                type="button"
                className="ed-chip-remove"
                aria-label={`Remove ${labelOf(value)}`}
                onClick={() => onChange(values.length > 1 ? values.filter((v) => v !== value) : undefined)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ed-hint">{single ? `No ${noun} chosen` : "None chosen"}</p>
      )}
      {catalog.isError && <p className="ed-field-error">Could not load your {source}. You can still type an id.</p>}
      <SearchPicker
        label={single ? `Choose a ${noun}` : `Add a ${noun}`}
        placeholder={`Search your ${source}`}
        loading={catalog.isPending}
        emptyText={choices.length === 0 ? `No ${source} yet: they appear once your store sends them` : "Nothing matches"}
        options={choices.filter((c) => !values.includes(c.value))}
        extra={(q) => (q && !choices.some((c) => c.value === q) ? { value: q, label: `Use the id “${q}”` } : null)}
        onPick={(option) => onChange(single ? [option.value] : [...values, option.value])}
      />
      {error && (
        <p className="ed-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
