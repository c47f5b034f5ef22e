"use client";
// Device visibility and the display condition of a block or section.
import type { Block } from "../state/document";
import { FieldInput } from "./fields";

type Visibility = NonNullable<Block["visibility"]>;

export function VisibilityFields({ visibility, onChange, errors }: { visibility: Visibility | undefined; onChange: (field: string, value: unknown) => void; errors: Record<string, string> }) {
  const condition = visibility?.condition;
  const setCondition = (field: string, value: unknown) => {
    const next = { field: "", operator: "equals", ...(condition ?? {}), [field]: value } as Record<string, unknown>;
    if (value === undefined) delete next[field];
    onChange("condition", next.field === "" && field !== "field" ? undefined : next);
  };
  return (
    <details className="ed-group">
      <summary>Visibility</summary>
      <FieldInput spec={{ key: "hideOnDesktop", label: "Hide on desktop", kind: "checkbox" }} value={visibility?.hideOnDesktop} onChange={(v) => onChange("hideOnDesktop", v ? true : undefined)} error={errors.hideOnDesktop} />
      <FieldInput spec={{ key: "hideOnMobile", label: "Hide on mobile", kind: "checkbox" }} value={visibility?.hideOnMobile} onChange={(v) => onChange("hideOnMobile", v ? true : undefined)} error={errors.hideOnMobile} />
      <FieldInput
        spec={{ key: "field", label: "Show only when contact field", kind: "text", placeholder: "contact.custom_properties.tier", hint: "Leave empty to show to everyone" }}
        value={condition?.field}
        onChange={(v) => (v === undefined ? onChange("condition", undefined) : setCondition("field", v))}
        error={errors["condition/field"]}
      />
      {condition && (
        <>
          <FieldInput spec={{ key: "operator", label: "Condition", kind: "select", required: true, options: ["equals", "notEquals", "contains", "exists", "notExists"] }} value={condition.operator} onChange={(v) => setCondition("operator", v)} error={errors["condition/operator"]} />
          {condition.operator !== "exists" && condition.operator !== "notExists" && (
            <FieldInput spec={{ key: "value", label: "Value", kind: "text" }} value={condition.value} onChange={(v) => setCondition("value", v)} error={errors["condition/value"]} />
          )}
        </>
      )}
    </details>
  );
}
