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

  it("maps the drivers' own unique and foreign-key violations like Prisma's", () => {
    const sqlite = Object.assign(new Error("UNIQUE constraint failed: ApiKey.secretHash"), { code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(toProblem(sqlite)).toMatchObject({ code: "conflict", detail: "A resource with the same secretHash already exists" });
    const pg = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: 'Key ("brandId", "name")=(b, n) already exists.',
    });
    expect(toProblem(pg).detail).toBe("A resource with the same brandId, name already exists");
    expect(toProblem(Object.assign(new Error("FOREIGN KEY constraint failed"), { code: "SQLITE_CONSTRAINT_FOREIGNKEY" }))).toMatchObject({
      code: "conflict",
      status: 409,
    });
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
