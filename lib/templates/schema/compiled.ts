// Compiled twins of the document schemas, for the create and replace path. zod 4's z.compile turns a
// schema's checks into one generated function (on a 600-block template about 3x faster than the
// interpreted parse, which runs every one of Block's 28 optional keys per block, present or not).
//
// z.compile refuses a schema whose subtree holds a reference cycle, and BlockComponent nests itself
// (as published). The twin unrolls that nesting to the depth the rules accept (component-roles.ts: only a
// product_prices component nests components, and those nest none; an empty list nests nothing), so every
// document the rules accept parses to the same value. What the twin refuses, deeper nesting included,
// is parsed again by the schema itself, whose issues are the answer: the errors do not change.
// The twins are built from the schemas (limits, defaults and key order included), never restated.
import { z } from "zod";
import { Block, BlockComponent } from "./blocks";
import { Column, Row, Section } from "./sections";
import { ContentInput, TemplateInput } from "./template";

/** The same array schema (its limits, and its optional or default wrapper) over another element. */
function withElement(schema: z.ZodType, element: z.ZodType): z.ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.ZodType };
  if ((def.type === "optional" || def.type === "default") && def.innerType) {
    return schema.clone(z.core.util.mergeDefs(def, { innerType: withElement(def.innerType, element) }));
  }
  if (def.type === "array") return schema.clone(z.core.util.mergeDefs(def, { element }));
  throw new Error(`withElement: not an array schema (${def.type})`);
}

/** `schema` with the array under `key` holding `element`. */
function over<T extends z.ZodObject>(schema: T, key: keyof T["shape"] & string, element: z.ZodType): z.ZodObject {
  return schema.extend({ [key]: withElement(schema.shape[key] as z.ZodType, element) });
}

// product_prices' own components (product_current_price, product_old_price): they nest none.
const NestedComponent = over(BlockComponent, "components", z.never());
const Component = over(BlockComponent, "components", NestedComponent);
const AcyclicBlock = over(Block, "components", Component);
const AcyclicColumn = over(Column, "blocks", AcyclicBlock);
const AcyclicRow = over(Row, "columns", AcyclicColumn);
const AcyclicSection = over(Section, "rows", AcyclicRow);

// Compiled on first use, not at import: the generated code is built once per process. Exported for the tests.
let compiled: Map<z.ZodType, z.ZodType> | undefined;

export function compiledTwin(schema: z.ZodType): z.ZodType | undefined {
  compiled ??= new Map<z.ZodType, z.ZodType>([
    [TemplateInput, z.compile(over(TemplateInput, "sections", AcyclicSection))],
    [ContentInput, z.compile(over(ContentInput, "sections", AcyclicSection))],
  ]);
  return compiled.get(schema);
}

/**
 * `schema.safeParse(input, { reportInput: true })`, through the compiled twin when it accepts the input.
 * Only TemplateInput and ContentInput have twins; other schemas parse as they are.
 */
export function parseDocument<S extends typeof TemplateInput | typeof ContentInput>(
  schema: S,
  input: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  const fast = compiledTwin(schema)?.safeParse(input, { reportInput: true });
  if (fast?.success) return fast as z.ZodSafeParseResult<z.output<S>>;
  return schema.safeParse(input, { reportInput: true }) as z.ZodSafeParseResult<z.output<S>>;
}
