"use client";
// A text input that offers values as the person types (a combobox: the list filters by what is typed,
// arrows and Enter pick, Escape closes), on downshift's useCombobox for the keyboard and ARIA wiring.
// Free text stays allowed: a suggestion is a shortcut, never a restriction. A native <datalist> is not
// used because its popup cannot be styled, shows nothing on some mobile browsers, and hides the hint.
import { useCombobox } from "downshift";
import { useMemo } from "react";
import "./segments.css";

export type Suggestion = { value: string; label?: string; hint?: string };

type Props = {
  /** id, aria-describedby and aria-invalid from <Control> */
  control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true };
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen (default: it becomes the value). */
  onPick?: (value: string) => void;
  suggestions: Suggestion[];
  placeholder?: string;
  /** Keys the list does not take (Enter with no highlighted suggestion, comma, Backspace). */
  onKeyDown?: (event: React.KeyboardEvent<HTMLInputElement>) => void;
  /** Suggestions shown at once */
  max?: number;
};

const fold = (s: string) => s.toLocaleLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");

/** Suggestions whose value or label contains the typed text, those starting with it first. */
export function matchSuggestions(suggestions: Suggestion[], typed: string, max: number): Suggestion[] {
  const q = fold(typed.trim());
  if (!q) return suggestions.slice(0, max);
  const starts: Suggestion[] = [];
  const contains: Suggestion[] = [];
  for (const s of suggestions) {
    const v = fold(s.value);
    const l = s.label ? fold(s.label) : "";
    if (v === q) continue; // already typed in full
    if (v.startsWith(q) || l.startsWith(q)) starts.push(s);
    else if (v.includes(q) || l.includes(q)) contains.push(s);
  }
  return [...starts, ...contains].slice(0, max);
}

export function SuggestInput({ control, value, onChange, onPick, suggestions, placeholder, onKeyDown, max = 8 }: Props) {
  const items = useMemo(() => matchSuggestions(suggestions, value, max), [suggestions, value, max]);
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps } = useCombobox<Suggestion>({
    items,
    inputId: control.id,
    inputValue: value,
    // Always "nothing selected": picking the same value twice (a chip removed, then added again) still picks.
    selectedItem: null,
    itemToString: (item) => item?.value ?? "",
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) onChange(inputValue ?? "");
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      if (onPick) onPick(selectedItem.value);
      else onChange(selectedItem.value);
    },
  });
  const open = isOpen && items.length > 0;
  return (
    <div className="suggest">
      <input
        {...getInputProps({
          // Named by its <label for> (from <Control>), not by a label element of downshift's.
          "aria-labelledby": undefined,
          onKeyDown: (event) => {
            // Enter on a highlighted suggestion picks it; every other key is the caller's.
            if (event.key === "Enter" && open && highlightedIndex >= 0) return;
            onKeyDown?.(event);
            if (event.defaultPrevented)
              (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
          },
        })}
        aria-describedby={control["aria-describedby"]}
        aria-invalid={control["aria-invalid"]}
        className="input"
        autoComplete="off"
        placeholder={placeholder}
      />
      <ul {...getMenuProps({ "aria-label": "Suggestions" })} className="suggest-menu" hidden={!open}>
        {open &&
          items.map((item, index) => (
            <li
              key={item.value}
              {...getItemProps({ item, index })}
              className={`suggest-item${highlightedIndex === index ? " is-highlighted" : ""}`}
            >
              <span className="suggest-value">{item.label ?? item.value}</span>
              {item.label && fold(item.label) !== fold(item.value) ? <span className="suggest-hint"> {item.value}</span> : null}
              {item.hint ? <span className="suggest-hint"> {item.hint}</span> : null}
            </li>
          ))}
      </ul>
    </div>
  );
}
