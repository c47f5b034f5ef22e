import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toProblem } from "./error-mapper";
import { ApiProblem } from "./problems";

function prismaError(code: string, meta: Record<string, unknown> = {}) {
  const error = new Error("prisma failed with internals: SELECT * FROM secret") as Error & { code: string; meta: unknown };
  error.name = "PrismaClientKnownRequestError";
  error.code = code;
  error.meta = meta;
  return error;
}

describe("toProblem", () => {
  it("keeps ApiProblems", () => {
    const p = new ApiProblem("conflict", "x");
    expect(toProblem(p)).toBe(p);
  });

  it("maps zod errors to validation-failed with field errors", () => {
    const error = z.object({ a: z.string() }).safeParse({}).error!;
    const problem = toProblem(error);
    expect(problem.code).toBe("validation-failed");
    expect(problem.extra.errors).toHaveLength(1);
  });

  it("maps unique violations to 409 and missing records to 404", () => {
    expect(toProblem(prismaError("P2002", { target: ["email"] }))).toMatchObject({ code: "conflict", status: 409 });
    expect(toProblem(prismaError("P2002", { target: ["email"] })).detail).toContain("email");
    expect(toProblem(prismaError("P2025"))).toMatchObject({ code: "not-found", status: 404 });
  });

  it("maps a foreign-key violation to 409 (the drivers' own errors: lib/db/errors.test.ts)", () => {
    expect(toProblem(prismaError("P2003"))).toMatchObject({ code: "conflict", status: 409 });
  });

  it("maps an unreachable database to 503", () => {
    const error = new Error("connect ECONNREFUSED 127.0.0.1:5432");
    expect(toProblem(error)).toMatchObject({ code: "database-unavailable", status: 503 });
  });

  it("never leaks internals of unexpected errors", () => {
    const problem = toProblem(new TypeError("Cannot read properties of undefined (reading 'secret')"));
    expect(problem.status).toBe(500);
    expect(problem.detail).not.toContain("secret");
    expect(toProblem(prismaError("P2010")).detail).not.toContain("SELECT");
  });
});
