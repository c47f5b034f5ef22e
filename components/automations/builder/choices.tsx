"use client";
// Selects the builder's forms share: a unit of time, and a segment of the brand.
const UNIT_NAMES = { m: "minutes", h: "hours", d: "days", w: "weeks", M: "months" } as const;
type Unit = keyof typeof UNIT_NAMES;

export function UnitSelect<U extends Unit>({
  id,
  value,
  units,
  onChange,
}: {
  id: string;
  value: U;
  units: readonly U[];
  onChange: (u: U) => void;
}) {
  return (
    <select id={id} className="input input-sm" value={value} onChange={(e) => onChange(e.target.value as U)}>
      {units.map((u) => (
        <option key={u} value={u}>
          {UNIT_NAMES[u]}
        </option>
      ))}
    </select>
  );
}

export function SegmentSelect({
  id,
  value,
  segments,
  onChange,
  className = "input input-sm",
}: {
  id: string;
  value: string;
  segments: { id: string; name: string }[];
  onChange: (id: string) => void;
  className?: string;
}) {
  return (
    <select id={id} className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Choose a segment</option>
      {segments.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );
}
