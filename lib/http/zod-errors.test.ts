import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFromZod, fieldFromPath, pointerFromPath } from "./zod-errors";

describe("field errors", () => {
  it("field drops indices, pointer keeps them and escapes ~ and /", () => {
    const path = ["sections", 0, "rows", 1, "a/b~c"];
    expect(fieldFromPath(path)).toBe("sections.rows.a/b~c");
    expect(pointerFromPath(path)).toBe("/sections/0/rows/1/a~1b~0c");
  });

  it("reports every issue at once with codes", () => {
    const schema = z.strictObject({ name: z.string().min(1), items: z.array(z.object({ n: z.number() })) });
    const result = schema.safeParse({ name: "", items: [{ n: 1 }, { n: "x" }], extra: true });
    expect(result.success).toBe(false);
    const errors = fieldErrorsFromZod(result.error!.issues);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "name", pointer: "/name", code: "too_small" }),
        expect.objectContaining({ field: "items.n", pointer: "/items/1/n", code: "invalid_type" }),
        expect.objectContaining({ field: "extra", pointer: "/extra", code: "unknown_field" }),
      ]),
    );
    expect(errors).toHaveLength(3);
  });

  it("a missing field is 'required'", () => {
    const result = z.object({ name: z.string() }).safeParse({});
    expect(fieldErrorsFromZod(result.error!.issues)[0]).toMatchObject({ field: "name", code: "required", message: "is required" });
  });

  it("custom issues carry their own code", () => {
    const schema = z.string().superRefine((_, ctx) => ctx.addIssue({ code: "custom", message: "taken", params: { code: "duplicate" } }));
    expect(fieldErrorsFromZod(schema.safeParse("x").error!.issues)[0].code).toBe("duplicate");
  });
});
