"use client";
// Rows of filters, one kind of row per filter type: a property of the triggering event (paths from the
// event's metadata, values typed like the property), a contact field (the published audience fields and
// their operators), or an earlier email (opened, clicked, which links). Shared by the trigger, the audience,
// splits and exit conditions.
import { useId } from "react";
import type { Block, SplitFilter } from "../automations-client";
import { SegmentSelect } from "./choices";
import { keyOf } from "./draft";
import styles from "./builder.module.css";

export type FieldChoice = { path: string; type: string };

const EVENT_OPERATORS: [string, string][] = [
  ["eq", "is"],
  ["neq", "is not"],
  ["gt", "is more than"],
  ["gte", "is at least"],
  ["lt", "is less than"],
  ["lte", "is at most"],
  ["contains", "contains"],
  ["notContains", "does not contain"],
  ["startsWith", "starts with"],
  ["endsWith", "ends with"],
  ["exists", "is present"],
  ["notExists", "is missing"],
  ["in", "is one of"],
  ["notIn", "is none of"],
];
const CONTACT_FIELDS: [string, string, string[]][] = [
  ["tag", "Tag", ["eq", "neq"]],
  ["segmentID", "Segment", ["eq", "neq"]],
  ["dateAdded", "Date added", ["eq", "neq", "gt", "lt"]],
  ["firstName", "First name", ["eq", "neq", "contains", "notContains"]],
  ["lastName", "Last name", ["eq", "neq", "contains", "notContains"]],
  ["gender", "Gender", ["eq"]],
  ["country", "Country", ["eq", "neq", "contains", "notContains"]],
  ["state", "State", ["eq", "neq", "contains", "notContains"]],
  ["city", "City", ["eq", "neq", "contains", "notContains"]],
  ["postalCode", "Postal code", ["eq", "neq", "contains", "notContains"]],
];
const CONTACT_OPERATOR_WORDS: Record<string, string> = {
  eq: "is",
  neq: "is not",
  gt: "is after",
  lt: "is before",
  contains: "contains",
  notContains: "does not contain",
};
const NUMERIC = new Set(["integer", "float", "integerList", "floatList"]);

type Kind = "event" | "contact" | "message";

/** A select with a label only screen readers read (the row's layout names it for the eye). */
function LabelledSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (v: string) => void;
}) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input input-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </>
  );
}

function typedValue(raw: string, type: string | undefined): unknown {
  if (type && NUMERIC.has(type)) return raw === "" ? undefined : Number(raw);
  if (type === "boolean") return raw === "true";
  return raw;
}

function EventRow({
  filter,
  onChange,
  fields,
  prefix,
}: {
  filter: SplitFilter;
  onChange: (f: SplitFilter) => void;
  fields: FieldChoice[];
  prefix: string;
}) {
  const type = fields.find((f) => f.path === filter.field)?.type;
  const list = filter.operator === "in" || filter.operator === "notIn";
  const noValue = filter.operator === "exists" || filter.operator === "notExists";
  const shown = Array.isArray(filter.value) ? filter.value.join(", ") : filter.value === undefined ? "" : String(filter.value);
  return (
    <>
      <label className="visually-hidden" htmlFor={`${prefix}-field`}>
        Property
      </label>
      <input
        id={`${prefix}-field`}
        className="input input-sm"
        list={`${prefix}-fields`}
        placeholder="property, e.g. value"
        value={filter.field}
        onChange={(e) => onChange({ ...filter, field: e.target.value })}
      />
      <datalist id={`${prefix}-fields`}>
        {fields.map((f) => (
          <option key={f.path} value={f.path}>
            {f.type}
          </option>
        ))}
      </datalist>
      <LabelledSelect
        id={`${prefix}-op`}
        label="Comparison"
        value={filter.operator}
        options={EVENT_OPERATORS}
        onChange={(operator) => {
          const { value: _v, ...rest } = filter;
          onChange(operator === "exists" || operator === "notExists" ? { ...rest, operator } : { ...filter, operator });
        }}
      />
      {!noValue && (
        <>
          <label className="visually-hidden" htmlFor={`${prefix}-value`}>
            Value{list ? "s, separated by commas" : ""}
          </label>
          <input
            id={`${prefix}-value`}
            className="input input-sm"
            type={type && NUMERIC.has(type) && !list ? "number" : "text"}
            value={shown}
            placeholder={list ? "a, b, c" : "value"}
            onChange={(e) =>
              onChange({
                ...filter,
                value: list
                  ? e.target.value
                      .split(",")
                      .map((v) => v.trim())
                      .filter(Boolean)
                      .map((v) => typedValue(v, type))
                  : typedValue(e.target.value, type),
              })
            }
          />
        </>
      )}
    </>
  );
}

function ContactRow({
  filter,
  onChange,
  segments,
  prefix,
}: {
  filter: SplitFilter;
  onChange: (f: SplitFilter) => void;
  segments: { id: string; name: string }[];
  prefix: string;
}) {
  const field = CONTACT_FIELDS.find(([f]) => f === filter.field) ?? CONTACT_FIELDS[0];
  const value = String(filter.value ?? "");
  return (
    <>
      <label className="visually-hidden" htmlFor={`${prefix}-field`}>
        Contact field
      </label>
      <select
        id={`${prefix}-field`}
        className="input input-sm"
        value={field[0]}
        onChange={(e) => {
          const next = CONTACT_FIELDS.find(([f]) => f === e.target.value)!;
          onChange({ ...filter, field: next[0], operator: next[2][0], value: next[0] === "gender" ? "f" : "" });
        }}
      >
        {CONTACT_FIELDS.map(([f, label]) => (
          <option key={f} value={f}>
            {label}
          </option>
        ))}
      </select>
      <LabelledSelect
        id={`${prefix}-op`}
        label="Comparison"
        value={filter.operator}
        options={field[2].map((op) => [op, CONTACT_OPERATOR_WORDS[op]] as [string, string])}
        onChange={(operator) => onChange({ ...filter, operator })}
      />
      <label className="visually-hidden" htmlFor={`${prefix}-value`}>
        Value
      </label>
      {field[0] === "gender" ? (
        <select
          id={`${prefix}-value`}
          className="input input-sm"
          value={value}
          onChange={(e) => onChange({ ...filter, value: e.target.value })}
        >
          <option value="f">female</option>
          <option value="m">male</option>
        </select>
      ) : field[0] === "segmentID" ? (
        <SegmentSelect id={`${prefix}-value`} value={value} segments={segments} onChange={(v) => onChange({ ...filter, value: v })} />
      ) : (
        <input
          id={`${prefix}-value`}
          className="input input-sm"
          type={field[0] === "dateAdded" ? "date" : "text"}
          value={value}
          onChange={(e) => onChange({ ...filter, value: e.target.value })}
        />
      )}
    </>
  );
}

function MessageRow({
  filter,
  onChange,
  emails,
  prefix,
}: {
  filter: SplitFilter;
  onChange: (f: SplitFilter) => void;
  emails: Block[];
  prefix: string;
}) {
  const clicked = filter.operator === "clickedEmail";
  return (
    <>
      <label className="visually-hidden" htmlFor={`${prefix}-op`}>
        What the contact did
      </label>
      <select
        id={`${prefix}-op`}
        className="input input-sm"
        value={filter.operator}
        onChange={(e) => {
          const { urlMatch: _u, ...rest } = filter;
          onChange(
            e.target.value === "clickedEmail"
              ? { ...rest, operator: e.target.value, urlMatch: { operator: "any" } }
              : { ...rest, operator: e.target.value },
          );
        }}
      >
        <option value="openedEmail">opened the email</option>
        <option value="clickedEmail">clicked a link in the email</option>
      </select>
      <label className="visually-hidden" htmlFor={`${prefix}-value`}>
        Email
      </label>
      <select
        id={`${prefix}-value`}
        className="input input-sm"
        value={String(filter.value ?? "")}
        onChange={(e) => onChange({ ...filter, value: e.target.value })}
      >
        <option value="">Choose an email above this split</option>
        {emails.map((b) => (
          <option key={keyOf(b)} value={keyOf(b)}>
            {b.type === "action" && b.action.type === "sendEmail" ? b.action.sendEmail.subject || "untitled email" : keyOf(b)}
          </option>
        ))}
      </select>
      {clicked && (
        <>
          <label className="visually-hidden" htmlFor={`${prefix}-url-op`}>
            Which link
          </label>
          <select
            id={`${prefix}-url-op`}
            className="input input-sm"
            value={filter.urlMatch?.operator ?? "any"}
            onChange={(e) =>
              onChange({
                ...filter,
                urlMatch:
                  e.target.value === "any" ? { operator: "any" } : { operator: e.target.value, value: filter.urlMatch?.value ?? "" },
              })
            }
          >
            <option value="any">any link</option>
            <option value="is">the link</option>
            <option value="contains">a link containing</option>
            <option value="startsWith">a link starting with</option>
            <option value="endsWith">a link ending with</option>
          </select>
          {filter.urlMatch && filter.urlMatch.operator !== "any" && (
            <>
              <label className="visually-hidden" htmlFor={`${prefix}-url`}>
                Link text
              </label>
              <input
                id={`${prefix}-url`}
                className="input input-sm"
                value={filter.urlMatch.value ?? ""}
                onChange={(e) => onChange({ ...filter, urlMatch: { ...filter.urlMatch!, value: e.target.value } })}
              />
            </>
          )}
        </>
      )}
    </>
  );
}

const KIND_WORDS: Record<Kind, string> = { message: "an email", event: "the trigger event", contact: "the contact" };

export function FilterRows({
  filters,
  onChange,
  kinds = ["message", "event", "contact"],
  eventFields = [],
  emails = [],
  segments = [],
  readOnly = false,
}: {
  filters: SplitFilter[];
  onChange: (filters: SplitFilter[]) => void;
  kinds?: Kind[];
  eventFields?: FieldChoice[];
  emails?: Block[];
  segments?: { id: string; name: string }[];
  readOnly?: boolean;
}) {
  const id = useId();
  const fresh = (kind: Kind): SplitFilter =>
    kind === "message"
      ? { type: "message", field: "blockID", operator: "openedEmail", value: emails[0] ? keyOf(emails[0]) : "" }
      : kind === "contact"
        ? { type: "contact", field: "tag", operator: "eq", value: "" }
        : { type: "event", field: eventFields[0]?.path ?? "", operator: "eq", value: "" };
  return (
    <div className={styles.filters}>
      {filters.length === 0 && <p className="hint">No condition yet.</p>}
      {filters.map((f, i) => {
        const prefix = `${id}-${i}`;
        const change = (next: SplitFilter) => onChange(filters.map((x, j) => (j === i ? next : x)));
        return (
          <div key={i} className={styles.filterRow} role="group" aria-label={`Condition ${i + 1}: ${KIND_WORDS[f.type]}`}>
            {f.type === "message" && <MessageRow filter={f} onChange={change} emails={emails} prefix={prefix} />}
            {f.type === "event" && <EventRow filter={f} onChange={change} fields={eventFields} prefix={prefix} />}
            {f.type === "contact" && <ContactRow filter={f} onChange={change} segments={segments} prefix={prefix} />}
            {!readOnly && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => onChange(filters.filter((_, j) => j !== i))}
                aria-label={`Remove condition ${i + 1}`}
              >
                Remove
              </button>
            )}
          </div>
        );
      })}
      {!readOnly && (
        <div className={styles.row}>
          {kinds.map((kind) => (
            <button key={kind} type="button" className="btn btn-secondary btn-sm" onClick={() => onChange([...filters, fresh(kind)])}>
              + {kind === "message" ? "Email engagement" : kind === "event" ? "Event property" : "Contact field"}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The property paths of an event's metadata tree (dotted, through lists), with their types. */
export function fieldChoices(
  tree: Record<string, { type: string; properties?: Record<string, unknown> }> | undefined,
  prefix = "",
): FieldChoice[] {
  const out: FieldChoice[] = [];
  for (const [key, node] of Object.entries(tree ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push({ path, type: node.type });
    if (node.properties)
      out.push(...fieldChoices(node.properties as Record<string, { type: string; properties?: Record<string, unknown> }>, path));
  }
  return out;
}
