"use client";
// Device visibility (published Visibility) and conditional content (published Filter: who sees it).
import type { Block } from "../state/document";
import { FieldInput } from "./fields";

type Visibility = NonNullable<Block["visibility"]>;
type Filter = NonNullable<Block["filter"]>;
type Rule = NonNullable<Filter["rules"]>[number];

export function VisibilityFields({ visibility, onChange, errors }: { visibility: Visibility | undefined; onChange: (field: string, value: unknown) => void; errors: Record<string, string> }) {
  return (
    <details className="ed-group">
      <summary>Visibility</summary>
      <FieldInput spec={{ key: "isDesktopVisible", label: "Hide on desktop", kind: "checkbox" }} value={visibility?.isDesktopVisible === false} onChange={(v) => onChange("isDesktopVisible", v ? false : undefined)} error={errors.isDesktopVisible} />
      <FieldInput spec={{ key: "isMobileVisible", label: "Hide on mobile", kind: "checkbox" }} value={visibility?.isMobileVisible === false} onChange={(v) => onChange("isMobileVisible", v ? false : undefined)} error={errors.isMobileVisible} />
    </details>
  );
}

const SYSTEM = new Set(["email", "phone", "first_name", "last_name", "gender", "birthdate", "address", "city", "state", "country", "country_code", "postal_code"]);

/** The one-rule condition of the old panel, on the published filter (the full picker is the next panel's). */
export function FilterFields({ filter, onChange, errors }: { filter: Filter | undefined; onChange: (filter: Filter | undefined) => void; errors: Record<string, string> }) {
  const rule: Rule | undefined = filter?.rules?.[0];
  const setRule = (patch: Partial<Rule>) => {
    const next = { operator: "equals", ...(rule ?? {}), ...patch } as Rule;
    onChange({ operator: filter?.operator ?? "and", rules: [next, ...(filter?.rules?.slice(1) ?? [])] });
  };
  const field = rule?.property?.id;
  return (
    <details className="ed-group">
      <summary>Conditional content</summary>
      <FieldInput
        spec={{ key: "property", label: "Show only when contact field", kind: "text", placeholder: "first_name or a custom property such as tier", hint: "Leave empty to show to everyone" }}
        value={field}
        onChange={(v) => {
          if (v === undefined || v === "") return onChange(undefined);
          const id = String(v).replace(/^contact\.(custom_properties\.)?/, "");
          setRule({ property: { id, isSystem: SYSTEM.has(id), name: id, type: "string" } });
        }}
        error={errors["rules/0/property/id"]}
      />
      {rule && (
        <>
          <FieldInput spec={{ key: "operator", label: "Condition", kind: "select", required: true, options: ["equals", "notEquals", "contains", "notContains", "startsWith", "endsWith", "exists", "notExists", "greaterThan", "lessThan"] }} value={rule.operator} onChange={(v) => setRule({ operator: v as string })} error={errors["rules/0/operator"]} />
          {rule.operator !== "exists" && rule.operator !== "notExists" && (
            <FieldInput spec={{ key: "value", label: "Value", kind: "text" }} value={rule.value} onChange={(v) => setRule({ value: v as string | undefined })} error={errors["rules/0/value"]} />
          )}
        </>
      )}
    </details>
  );
}
