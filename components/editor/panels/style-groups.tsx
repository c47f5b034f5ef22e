"use client";
// The style groups of the selected node (Text, Background, Padding, Border ...), each a collapsible
// group; a group with values set says so in its summary, and opens by itself.
import { BACKGROUND_KEYS } from "./background-image";
import { styleGroups, type FieldSpec, type StyleGroup } from "./field-specs";
import { Fields } from "./fields";

type Props = {
  kind: "section" | "row" | "column" | "block";
  blockType?: string;
  values: Record<string, unknown> | undefined;
  onChange: (key: string, value: unknown) => void;
  /** Several style properties changed as one edit (a background image). */
  onPatch: (patch: Record<string, unknown>) => void;
  errors: Record<string, string>;
};

const keysOf = (spec: FieldSpec): readonly string[] => (spec.kind === "backgroundImage" ? BACKGROUND_KEYS : [spec.key]);
const isSet = (group: StyleGroup, values: Record<string, unknown> | undefined) =>
  group.specs.some((s) => keysOf(s).some((k) => values?.[k] !== undefined));

export function StyleGroups({ kind, blockType, values, onChange, onPatch, errors }: Props) {
  return (
    <>
      {styleGroups(kind, blockType).map((group) => {
        const invalid = group.specs.some((s) => keysOf(s).some((k) => errors[k]));
        return (
          <details key={group.title} className="ed-group" open={invalid || undefined}>
            <summary>
              {group.title}
              {isSet(group, values) && <span className="ed-set-mark"> · set</span>}
            </summary>
            {group.hint && <p className="ed-hint">{group.hint}</p>}
            <Fields specs={group.specs} values={values} onChange={onChange} onPatch={onPatch} errors={errors} compact={group.sides} />
          </details>
        );
      })}
    </>
  );
}
