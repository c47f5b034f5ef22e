"use client";
// A searchable list to pick from (ARIA combobox with a listbox): type to filter, arrow keys to move,
// Enter to choose. Used for products, categories and merge tags.
import { useId, useMemo, useRef, useState } from "react";

export type PickOption = { value: string; label: string; group?: string; description?: string };

type Props = {
  label: string;
  options: readonly PickOption[];
  onPick: (option: PickOption) => void;
  placeholder?: string;
  /** Offered when the search matches nothing exactly (e.g. "Use custom property “x”"). */
  extra?: (query: string) => PickOption | null;
  /** Keep the list open under the input (dialogs); otherwise it opens while typing. */
  inline?: boolean;
  autoFocus?: boolean;
  loading?: boolean;
  emptyText?: string;
};

export function SearchPicker({
  label,
  options,
  onPick,
  placeholder,
  extra,
  inline,
  autoFocus,
  loading,
  emptyText = "Nothing matches",
}: Props) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(!!inline);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = q ? options.filter((o) => `${o.label} ${o.value} ${o.group ?? ""}`.toLowerCase().includes(q)) : options.slice();
    const more = extra?.(query.trim());
    if (more && !list.some((o) => o.value === more.value)) list.push(more);
    return list.slice(0, 200);
  }, [options, query, extra]);
  const current = Math.min(active, shown.length - 1);
  const pick = (option: PickOption | undefined) => {
    if (!option) return;
    onPick(option);
    setQuery("");
    setActive(0);
    if (!inline) setOpen(false);
  };
  const optionId = (i: number) => `${id}-opt-${i}`;
  const expanded = open && (shown.length > 0 || !!query);
  return (
    <div className="ed-picker">
      <label htmlFor={`${id}-input`} className="ed-picker-label">
        {label}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        className="ed-input"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && current >= 0 ? optionId(current) : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={placeholder ?? "Search"}
        value={query}
        onFocus={() => setOpen(true)}
        onBlur={() => !inline && setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive(Math.min(current + 1, shown.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive(Math.max(current - 1, 0));
          } else if (e.key === "Enter") {
            if (expanded && shown[current]) {
              e.preventDefault();
              pick(shown[current]);
            }
          } else if (e.key === "Escape" && !inline && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {expanded && (
        <ul id={`${id}-list`} role="listbox" aria-label={label} className={`ed-picker-list${inline ? " ed-picker-inline" : ""}`}>
          {loading && shown.length === 0 && <li className="ed-picker-empty">Loading…</li>}
          {!loading && shown.length === 0 && <li className="ed-picker-empty">{emptyText}</li>}
          {shown.map((option, i) => (
            <li
              key={`${option.group ?? ""}:${option.value}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className="ed-picker-option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(option)}
            >
              <span className="ed-picker-option-label">{option.label}</span>
              {(option.group || option.description) && (
                <span className="ed-picker-option-note">{[option.group, option.description].filter(Boolean).join(" · ")}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
