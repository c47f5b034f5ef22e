// Every error thrown inside a route becomes one problem. Internals never reach the client. What a
// database error means is decided by lib/db/errors.ts.
import { ZodError } from "zod";
import { isForeignKeyViolation, isRecordMissing, isUnreachable, isUniqueViolation, uniqueViolationTarget } from "@/lib/db/errors";
import { ApiProblem } from "./problems";
import { fieldErrorsFromZod } from "./zod-errors";

export function toProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof ZodError) {
    const errors = fieldErrorsFromZod(error.issues);
    return new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
  }
  if (isUnreachable(error)) return new ApiProblem("database-unavailable", "The database is not reachable; try again shortly");
  if (isUniqueViolation(error))
    return new ApiProblem("conflict", `A resource with the same ${uniqueViolationTarget(error)} already exists`);
  if (isRecordMissing(error)) return new ApiProblem("not-found", "The resource does not exist");
  if (isForeignKeyViolation(error)) return new ApiProblem("conflict", "The resource is referenced by another resource");
  return new ApiProblem("internal", "An unexpected error occurred; it has been logged with the request id");
}
