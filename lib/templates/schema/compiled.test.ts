// The compiled twins must answer exactly as the schemas do: same success, same value (key order
// included), same issues. Documents are the fixtures and mutations of them, valid and invalid.
import { describe, expect, it } from "vitest";
import { ALL_BLOCKS, fullTemplate, largeTemplate, nid, plainSection } from "../fixtures";
import { compiledTwin, parseDocument } from "./compiled";
import { ContentInput, TemplateInput } from "./template";

type Json = Record<string, unknown>;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

const prices = (nested: unknown[]) => ({ id: nid(), type: "price", role: "product_prices", components: nested });
const productWith = (components: unknown[]) => ({
  ...plainSection([{ id: nid(), type: "product", product: { productID: "sku" }, components }]),
  type: "products_listing",
});
const current = (extra: Json = {}) => ({ id: nid(), type: "text", role: "product_current_price", ...extra });

function same(schema: typeof TemplateInput | typeof ContentInput, input: unknown) {
  const expected = schema.safeParse(input, { reportInput: true });
  const actual = parseDocument(schema, input);
  expect(actual.success).toBe(expected.success);
  expect(JSON.stringify(actual.data)).toBe(JSON.stringify(expected.data));
  expect(actual.error?.issues).toEqual(expected.error?.issues);
  return expected.success;
}

/** Every object and array of a document, with a function that replaces or deletes a key of it. */
function* edits(doc: unknown): Generator<(copy: unknown) => void> {
  const walk = function* (value: unknown, path: (string | number)[]): Generator<(string | number)[]> {
    if (value && typeof value === "object") {
      yield path;
      for (const [k, v] of Object.entries(value)) yield* walk(v, [...path, Array.isArray(value) ? Number(k) : k]);
    }
  };
  const at = (root: unknown, path: (string | number)[]) => path.reduce<any>((o, k) => o[k], root);
  for (const path of walk(doc, [])) {
    const node = at(doc, path);
    if (Array.isArray(node)) {
      yield (copy) => at(copy, path).push(null);
      continue;
    }
    yield (copy) => (at(copy, path).unknownKey = 1);
    for (const key of Object.keys(node)) {
      yield (copy) => delete at(copy, path)[key];
      for (const value of typeof node[key] === "string"
        ? [7, "javascript:alert(1)", "x".repeat(2100), ` ${node[key]} `]
        : ["javascript:alert(1)"]) {
        yield (copy) => (at(copy, path)[key] = value);
      }
    }
  }
}

describe("compiled document schemas", () => {
  it("accept the fixtures on the compiled path, with the schema's value", () => {
    const docs = [
      fullTemplate(),
      largeTemplate("Large", 3),
      { name: "  Trimmed  ", sections: [plainSection(ALL_BLOCKS(), 2)] },
      { name: "Prices", sections: [productWith([prices([current(), current({ role: "product_old_price", components: [] })])])] },
    ];
    for (const doc of docs) {
      expect(compiledTwin(TemplateInput)!.safeParse(doc, { reportInput: true }).success).toBe(true);
      expect(same(TemplateInput, doc)).toBe(true);
      const { name: _name, ...content } = doc;
      expect(same(ContentInput, content)).toBe(true);
    }
  });

  it("refer nesting deeper than the rules accept to the schema, which parses it as before", () => {
    const deep = { name: "Deep", sections: [productWith([prices([current({ components: [current({ components: [current()] })] })])])] };
    expect(compiledTwin(TemplateInput)!.safeParse(deep).success).toBe(false);
    expect(same(TemplateInput, deep)).toBe(true);
    expect(
      same(TemplateInput, {
        ...deep,
        sections: [productWith([prices([current({ components: [current({ components: [{ id: "x" }] })] })])])],
      }),
    ).toBe(false);
  });

  it("answer every mutation of a document of every block type as the schema does", () => {
    // fullTemplate's settings and section types, with one product block per product section.
    const full = fullTemplate();
    const doc = {
      ...full,
      sections: [
        ...full.sections!.map((s) => ({
          ...s,
          rows: s.rows!.map((r) => ({ ...r, columns: r.columns.map((c) => ({ ...c, blocks: c.blocks!.slice(0, 1) })) })),
        })),
        productWith([prices([current()])]),
      ],
    };
    doc.sections[1] = plainSection(ALL_BLOCKS());
    let refused = 0;
    let count = 0;
    for (const edit of edits(doc)) {
      const copy = clone(doc);
      edit(copy);
      if (!same(TemplateInput, copy)) refused++;
      count++;
    }
    expect(count).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(count / 2);
  }, 60_000);
});
