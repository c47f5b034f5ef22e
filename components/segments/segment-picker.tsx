"use client";
// Choosing a segment where a brand may have hundreds (the contacts page's segment filter): a combobox that
// asks the API for the segments whose name contains what is typed (the first 20 by name), instead of a
// <select> of every segment. The chosen segment's name is looked up by its id when the page opens on it.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCombobox } from "downshift";
import { useState } from "react";
import { formatCount } from "@/components/ui/format";
import { segmentKeys, segmentSummaries, type SegmentSummary } from "./segments-client";
import { useDebounced } from "./use-debounced";
import "./segments.css";

const SHOWN = 20;

type Props = {
  /** the input's id (its <label for>) */
  id: string;
  value: string | undefined;
  onChange: (segmentID: string | undefined) => void;
};

export function SegmentPicker({ id, value, onChange }: Props) {
  const [text, setText] = useState<string | null>(null);
  const [picked, setPicked] = useState<SegmentSummary | null>(null);
  const typed = useDebounced((text ?? "").trim(), 250);
  // The chosen segment's name (the page may open with ?segmentID=).
  const chosen = useQuery({
    queryKey: segmentKeys.summariesOf({ ids: value ? [value] : [] }),
    queryFn: () => segmentSummaries({ ids: [value!] }),
    enabled: !!value && picked?.segmentID !== value,
  });
  const current = value ? (picked?.segmentID === value ? picked : chosen.data?.[0]) : undefined;
  const [open, setOpen] = useState(false);
  const options = useQuery({
    queryKey: segmentKeys.summariesOf({ nameContains: typed, limit: SHOWN }),
    queryFn: () => segmentSummaries({ nameContains: typed, limit: SHOWN }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const items = options.data ?? [];
  const shownText = text ?? current?.name ?? (value && chosen.isPending ? "Loading…" : "");
  const combobox = useCombobox<SegmentSummary>({
    items,
    inputId: id,
    isOpen: open,
    inputValue: shownText,
    selectedItem: current ?? null,
    itemToString: (item) => item?.name ?? "",
    onIsOpenChange: ({ isOpen }) => {
      setOpen(!!isOpen);
      // Closing without a choice: an emptied input means any segment; anything else goes back to the choice.
      if (!isOpen) {
        if (text !== null && text.trim() === "" && value) onChange(undefined);
        setText(null);
      }
    },
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setText(inputValue ?? "");
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setPicked(selectedItem);
      setText(null);
      onChange(selectedItem.segmentID);
    },
  });
  const { highlightedIndex, getInputProps, getMenuProps, getItemProps } = combobox;
  const empty = open && !options.isPending && items.length === 0;
  return (
    <div className="suggest">
      <input
        {...getInputProps({ "aria-labelledby": undefined, onFocus: () => !open && setOpen(true) })}
        className="input"
        autoComplete="off"
        placeholder="Any segment"
      />
      <ul {...getMenuProps({ "aria-label": "Segments" })} className="suggest-menu" hidden={!open || items.length === 0}>
        {open &&
          items.map((item, index) => (
            <li
              key={item.segmentID}
              {...getItemProps({ item, index })}
              className={`suggest-item${highlightedIndex === index ? " is-highlighted" : ""}`}
            >
              <span className="suggest-value">{item.name}</span>
              {item.contactsCount !== null && (
                <span className="suggest-hint"> {formatCount(item.contactsCount, "contact", "contacts")}</span>
              )}
            </li>
          ))}
      </ul>
      {empty && (
        <p className="suggest-menu suggest-item suggest-hint" role="status">
          {typed ? `No segment name contains “${typed}”.` : "No segments yet."}
        </p>
      )}
      {items.length === SHOWN && open && <span className="visually-hidden">Showing the first {SHOWN}: type to narrow.</span>}
    </div>
  );
}
