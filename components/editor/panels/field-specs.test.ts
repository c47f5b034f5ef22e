// Every field of the property panels writes, at the place its key names, a value the published schema
// accepts (for each option of a select), and every label reads in a marketer's words.
import { describe, expect, it } from "vitest";
import {
  Block,
  ButtonStyle,
  Column,
  CustomFont,
  DynamicList,
  Filter,
  GeneralSettings,
  ProductRecommender,
  RULE_OPERATORS,
  Row,
  Section,
  Settings,
  StyleProperties,
} from "@/lib/templates/schema";
import { CONTACT_FIELDS } from "@/lib/templates/render/tags";
import { newNodeId } from "../state/client-id";
import { BLOCK_TYPES, newBlock } from "../state/factories";
import { CONDITION_FIELDS, OPERATOR_OPTIONS, describeFilter, fieldOfRule, ruleForField } from "./conditions";
import {
  BLOCK_FIELDS,
  CUSTOM_FONT_FIELDS,
  DYNAMIC_LIST_FIELDS,
  EMAIL_BODY_FIELDS,
  PRESET_STYLE_FIELDS,
  PRODUCT_SECTION_FIELDS,
  RECOMMENDER_FIELDS,
  SECTION_SETTING_FIELDS,
  STRATEGY_OPTIONS,
  styleGroups,
  type FieldSpec,
} from "./field-specs";
import { fromAddress, fromLibrary, libraryImageSrc, NO_BACKGROUND_IMAGE } from "./background-image";
import { fromText, patchAt, withField, withFields } from "./field-values";
import { fontChoices } from "./fonts";

/** What a person could enter in a field, as the field stores it. */
function samples(spec: FieldSpec): unknown[] {
  const typed = (text: string) => fromText(text, spec);
  switch (spec.kind) {
    case "checkbox":
      return [true];
    case "select":
      return spec.options!.map((o) => o.value);
    case "number":
      return [typed("3")];
    case "color":
      return [typed("#1a2b3c")];
    case "length":
      return spec.pixelsOnly ? [typed("14")] : [typed("12"), typed("50%"), typed("0")];
    case "signedLength":
      return [typed("-1"), typed("0.5"), typed("0.05em")];
    case "image":
      return [typed("https://cdn.example.com/hero.png")];
    case "backgroundImage":
      // The field's key is the published backgroundImageID: an image of the library, by id.
      return [fromLibrary({ id: newNodeId() }).backgroundImageID];
    case "font":
      return fontChoices("Lobster", undefined).map((c) => c.value);
    default:
      if (/link|href|source/i.test(spec.key)) return [typed("https://shop.example.com/sale?utm=[[contact.email]]")];
      if (spec.key.endsWith("separator")) return [typed("·")];
      if (spec.key === "lineHeight") return [typed("1.5"), typed("24px")];
      if (spec.key === "border") return [typed("1px solid #dddddd")];
      return [typed("Spring sale")];
  }
}

function expectValid(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown, what: string) {
  const result = schema.safeParse(value);
  expect(result.success, `${what}: ${JSON.stringify(result.error)}`).toBe(true);
}

const allSpecs = (): FieldSpec[] => [
  ...Object.values(BLOCK_FIELDS).flat(),
  ...(["section", "row", "column"] as const).flatMap((k) => styleGroups(k).flatMap((g) => g.specs)),
  ...BLOCK_TYPES.flatMap((b) => styleGroups("block", b.type).flatMap((g) => g.specs)),
  ...EMAIL_BODY_FIELDS,
  ...PRESET_STYLE_FIELDS,
  ...SECTION_SETTING_FIELDS,
  ...PRODUCT_SECTION_FIELDS,
  ...RECOMMENDER_FIELDS,
  ...DYNAMIC_LIST_FIELDS,
  ...CUSTOM_FONT_FIELDS,
];

describe("block content fields", () => {
  it("exist for every block type of the palette", () => {
    for (const b of BLOCK_TYPES) expect(BLOCK_FIELDS[b.type], b.type).toBeDefined();
  });

  it("write values the Block schema accepts, at their dotted key", () => {
    for (const [type, specs] of Object.entries(BLOCK_FIELDS)) {
      const base = newBlock(type as Block["type"], newNodeId, "https://app.example.com") as unknown as Record<string, unknown>;
      for (const spec of specs.filter((s) => !s.key.startsWith("$"))) {
        for (const value of samples(spec))
          expectValid(Block, { ...base, ...patchAt(base, spec.key, value) }, `${type} ${spec.key}=${JSON.stringify(value)}`);
      }
    }
  });
});

describe("style groups", () => {
  const node = {
    section: (styleProperties: object) => Section.safeParse({ id: newNodeId(), rows: [], styleProperties }),
    row: (styleProperties: object) => Row.safeParse({ id: newNodeId(), columns: [{ id: newNodeId(), blocks: [] }], styleProperties }),
    column: (styleProperties: object) => Column.safeParse({ id: newNodeId(), blocks: [], styleProperties }),
  };

  it("write style properties sections, rows and columns accept", () => {
    for (const kind of ["section", "row", "column"] as const) {
      for (const spec of styleGroups(kind).flatMap((g) => g.specs)) {
        for (const value of samples(spec)) expect(node[kind]({ [spec.key]: value }).success, `${kind} ${spec.key}=${value}`).toBe(true);
      }
    }
  });

  it("write style properties every block type accepts", () => {
    for (const b of BLOCK_TYPES) {
      const base = newBlock(b.type, newNodeId, "https://app.example.com");
      const groups = styleGroups("block", b.type);
      expect(groups.length, b.type).toBeGreaterThan(0);
      for (const spec of groups.flatMap((g) => g.specs)) {
        for (const value of samples(spec))
          expectValid(
            Block,
            { ...base, styleProperties: withField(base.styleProperties, spec.key, value) },
            `${b.type} ${spec.key}=${value}`,
          );
      }
    }
  });

  it("offer padding on every node, letter spacing, link colour and fonts on text, a background image on sections, rows, columns, text and products", () => {
    const keys = (kind: "section" | "row" | "column" | "block", type?: string) =>
      styleGroups(kind, type).flatMap((g) => g.specs.map((s) => s.key));
    for (const kind of ["section", "row", "column"] as const)
      expect(keys(kind)).toEqual(expect.arrayContaining(["paddingTop", "paddingRight", "paddingBottom", "paddingLeft"]));
    for (const b of BLOCK_TYPES) expect(keys("block", b.type), b.type).toEqual(expect.arrayContaining(["paddingTop", "paddingLeft"]));
    expect(keys("block", "text")).toEqual(
      expect.arrayContaining(["letterSpacing", "linkColor", "alignment", "fontFamily", "backgroundImageID"]),
    );
    expect(keys("section")).toEqual(expect.arrayContaining(["backgroundImageID", "backgroundSize", "alignment"]));
    for (const kind of ["row", "column"] as const)
      expect(keys(kind), kind).toEqual(expect.arrayContaining(["backgroundImageID", "backgroundRepeat"]));
    expect(keys("block", "product")).toContain("backgroundImageID");
    expect(keys("block", "button")).toEqual(expect.arrayContaining(["innerPaddingTop", "letterSpacing", "alignment"]));
    for (const spec of styleGroups("block", "text").flatMap((g) => g.specs)) expect(StyleProperties.shape).toHaveProperty(spec.key);
  });

  it("of presets write what button and text presets accept", () => {
    for (const spec of PRESET_STYLE_FIELDS)
      for (const value of samples(spec)) expectValid(ButtonStyle, { [spec.key]: value }, `preset ${spec.key}=${value}`);
  });
});

describe("background images", () => {
  const backgroundSpecs = () => allSpecs().filter((s) => /background image/i.test(s.label));

  it("every background image field is the library-or-address field, keyed by the published backgroundImageID", () => {
    expect(backgroundSpecs().length).toBeGreaterThan(5);
    for (const spec of backgroundSpecs())
      expect({ key: spec.key, kind: spec.kind }).toEqual({ key: "backgroundImageID", kind: "backgroundImage" });
  });

  it("an image of the library writes backgroundImageID and removes an address; an address removes the id", () => {
    const before = { backgroundColor: "#ffffff", backgroundImage: "https://cdn.example.com/old.png" };
    const chosen = withFields(before, fromLibrary({ id: "68f0af8f72105230579523cf" }));
    expect(chosen).toEqual({ backgroundColor: "#ffffff", backgroundImageID: "68f0af8f72105230579523cf" });
    expectValid(StyleProperties, chosen, "library image");
    expect(libraryImageSrc(chosen)).toBe("/image/newsletter/68f0af8f72105230579523cf");
    const typed = withFields(chosen, fromAddress("https://cdn.example.com/paper.png"));
    expect(typed).toEqual({ backgroundColor: "#ffffff", backgroundImage: "https://cdn.example.com/paper.png" });
    expect(libraryImageSrc(typed)).toBeUndefined();
    expect(withFields(typed, fromAddress(""))).toEqual({ backgroundColor: "#ffffff" });
    expect(withFields({ backgroundImageID: "68f0af8f72105230579523cf" }, NO_BACKGROUND_IMAGE)).toBeUndefined();
  });

  it("the email body's fields write what general settings accept", () => {
    for (const spec of EMAIL_BODY_FIELDS)
      for (const value of samples(spec)) expectValid(GeneralSettings, { body: { [spec.key]: value } }, `body ${spec.key}=${value}`);
    expectValid(GeneralSettings, { body: withFields({ backgroundColor: "#eeeeee" }, fromLibrary({ id: newNodeId() })) }, "body background");
  });
});

describe("section settings, recommendations and dynamic lists", () => {
  it("write what their schemas accept", () => {
    for (const spec of [...SECTION_SETTING_FIELDS, ...PRODUCT_SECTION_FIELDS])
      for (const v of samples(spec)) expectValid(Settings, { [spec.key]: v }, spec.key);
    for (const spec of RECOMMENDER_FIELDS)
      for (const v of samples(spec)) expectValid(ProductRecommender, { type: "popular", [spec.key]: v }, spec.key);
    for (const spec of DYNAMIC_LIST_FIELDS)
      for (const v of samples(spec)) expectValid(DynamicList, { listPath: "order.products", [spec.key]: v }, spec.key);
    const font = Object.fromEntries(
      CUSTOM_FONT_FIELDS.map((s) => [s.key, s.key === "href" ? "https://fonts.googleapis.com/css2?family=Lobster" : samples(s)[0]]),
    );
    expectValid(CustomFont, font, "custom font");
    expect(STRATEGY_OPTIONS.map((o) => o.value)).toEqual(ProductRecommender.shape.type.options);
  });
});

describe("marketer's words", () => {
  it("no label, hint or option shows a developer's name (camelCase, snake_case, ids)", () => {
    const developer = /\b[a-z]+[A-Z]\w*|_|\bids?\b/;
    for (const spec of allSpecs()) {
      expect(spec.label, spec.key).not.toMatch(developer);
      if (spec.hint) expect(spec.hint.replace(/\[\[[^\]]*\]\]/g, ""), spec.key).not.toMatch(developer);
      for (const option of spec.options ?? []) expect(option.label, `${spec.key} ${option.value}`).not.toMatch(developer);
    }
  });
});

describe("typed values", () => {
  it("a bare number in a length field means pixels", () => {
    expect(fromText("16", { kind: "length" })).toBe("16px");
    expect(fromText(" 0 ", { kind: "length" })).toBe("0px");
    expect(fromText("50%", { kind: "length" })).toBe("50%");
    expect(fromText("-1.5", { kind: "signedLength" })).toBe("-1.5px");
    expect(fromText("", { kind: "length" })).toBeUndefined();
    expect(fromText("12", { kind: "number" })).toBe(12);
    expect(fromText("", { kind: "text", required: true })).toBe("");
    expect(fromText("", { kind: "text" })).toBeUndefined();
  });
});

describe("condition picker", () => {
  it("offers the contact fields the renderer reads and the operators it evaluates", () => {
    for (const field of CONDITION_FIELDS) expect(CONTACT_FIELDS).toHaveProperty(field.id);
    expect(
      OPERATOR_OPTIONS("string")
        .map((o) => o.value)
        .sort(),
    ).toEqual([...RULE_OPERATORS].sort());
    expect(OPERATOR_OPTIONS("date").find((o) => o.value === "greaterThan")?.label).toBe("is after");
  });

  it("writes rules the Filter schema accepts and says what they do", () => {
    const city = { ...ruleForField("city"), value: "Vilnius" };
    const tier = { operator: "equals", property: { id: "tier", isSystem: false, name: "tier", type: "string" }, value: "gold" };
    expectValid(Filter, { operator: "and", rules: [city, tier] }, "filter");
    expect(fieldOfRule(city)).toBe("city");
    expect(fieldOfRule(tier)).toBeNull();
    expect(describeFilter({ operator: "and", rules: [city, tier] })).toBe(
      "Shown only to contacts whose city is “Vilnius” and whose “tier” is “gold”.",
    );
    expect(
      describeFilter({
        operator: "or",
        rules: [
          { ...ruleForField("email"), operator: "notExists" },
          { ...ruleForField("birthdate"), operator: "lessThan", value: "2000-01-01" },
        ],
      }),
    ).toBe("Shown only to contacts whose email address is empty or whose birthday is before “2000-01-01”.");
    expect(describeFilter(undefined)).toBe("Shown to everyone.");
  });
});
