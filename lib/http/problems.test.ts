// A problem's body stays small however many errors a request has (issue 38: 10,000 invalid array items
// answered a 2.5 MB body, one error per item).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toProblem } from "./error-mapper";
import { ApiProblem, MAX_PROBLEM_ERRORS, problemReply, type FieldError } from "./problems";

const bodyOf = (problem: ApiProblem) => JSON.parse(problemReply(problem, "req-1", "https://inkwell.test").body as string);

describe("problemReply", () => {
  it("lists at most MAX_PROBLEM_ERRORS errors and says how many more there were, in errorsOmitted and detail", () => {
    const issues = z.array(z.string()).safeParse(Array.from({ length: 10_000 }, (_, i) => i)).error!;
    const reply = problemReply(toProblem(issues), "req-1", "https://inkwell.test");
    const body = JSON.parse(reply.body as string);
    expect(body.errors).toHaveLength(MAX_PROBLEM_ERRORS);
    expect(body.errors[0]).toMatchObject({ pointer: "/0", code: "invalid_type" });
    expect(body.errorsOmitted).toBe(10_000 - MAX_PROBLEM_ERRORS);
    expect(body.detail).toBe(`10000 fields are invalid (10000 errors in all; the first 50 are listed, 9950 more are not)`);
    expect(body).toMatchObject({ status: 400, title: "Validation failed", instance: "urn:request:req-1" });
    expect((reply.body as string).length).toBeLessThan(20_000);
  });

  it("leaves a problem with MAX_PROBLEM_ERRORS errors or fewer as it is", () => {
    const errors: FieldError[] = Array.from({ length: MAX_PROBLEM_ERRORS }, (_, i) => ({
      field: "a",
      pointer: `/a/${i}`,
      code: "invalid",
      message: "is invalid",
    }));
    const body = bodyOf(new ApiProblem("validation-failed", "50 fields are invalid", { errors }));
    expect(body.errors).toHaveLength(MAX_PROBLEM_ERRORS);
    expect(body.detail).toBe("50 fields are invalid");
    expect(body).not.toHaveProperty("errorsOmitted");
  });
});
