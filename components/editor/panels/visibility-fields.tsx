"use client";
// Device visibility (published Visibility): on which screens the node shows. Stored as false when
// hidden; shown (the default) leaves the field out.
import type { Block } from "../state/document";
import { FieldInput } from "./fields";

type Visibility = NonNullable<Block["visibility"]>;

export function VisibilityFields({
  what,
  visibility,
  onChange,
  errors,
}: {
  what: string;
  visibility: Visibility | undefined;
  onChange: (field: string, value: unknown) => void;
  errors: Record<string, string>;
}) {
  const hidden = visibility?.isDesktopVisible === false || visibility?.isMobileVisible === false;
  return (
    <details className="ed-group" open={hidden || undefined}>
      <summary>Show on</summary>
      <p className="ed-hint">Untick to hide this {what} on that kind of screen.</p>
      <FieldInput
        spec={{ key: "isDesktopVisible", label: "Computers (wide screens)", kind: "checkbox" }}
        value={visibility?.isDesktopVisible !== false}
        onChange={(v) => onChange("isDesktopVisible", v ? undefined : false)}
        error={errors.isDesktopVisible}
      />
      <FieldInput
        spec={{ key: "isMobileVisible", label: "Phones (narrow screens)", kind: "checkbox" }}
        value={visibility?.isMobileVisible !== false}
        onChange={(v) => onChange("isMobileVisible", v ? undefined : false)}
        error={errors.isMobileVisible}
      />
    </details>
  );
}
