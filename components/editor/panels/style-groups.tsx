"use client";
// The style groups of the selected node (Text, Background, Padding, Border ...), each a collapsible
// group; a group with values set says so in its summary, and opens by itself.
import { styleGroups, type StyleGroup } from "./field-specs";
import { Fields } from "./fields";

type Props = {
  kind: "section" | "row" | "column" | "block";
  blockType?: string;
  values: Record<string, unknown> | undefined;
  onChange: (key: string, value: unknown) => void;
  errors: Record<string, string>;
};

const isSet = (group: StyleGroup, values: Record<string, unknown> | undefined) => group.specs.some((s) => values?.[s.key] !== undefined);

export function StyleGroups({ kind, blockType, values, onChange, errors }: Props) {
  return (
    <>
      {styleGroups(kind, blockType).map((group) => {
        const invalid = group.specs.some((s) => errors[s.key]);
        return (
          <details key={group.title} className="ed-group" open={invalid || undefined}>
            <summary>
              {group.title}
              {isSet(group, values) && <span className="ed-set-mark"> · set</span>}
            </summary>
            {group.hint && <p className="ed-hint">{group.hint}</p>}
            <Fields specs={group.specs} values={values} onChange={onChange} errors={errors} compact={group.sides} />
          </details>
        );
      })}
    </>
  );
}
