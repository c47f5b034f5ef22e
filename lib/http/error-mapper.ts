// Every error thrown inside a route becomes one problem. Internals never reach the client.
import { ZodError } from "zod";
import { ApiProblem } from "./problems";
import { fieldErrorsFromZod } from "./zod-errors";

type PrismaLikeError = Error & { code?: string; meta?: Record<string, unknown> };

// Checked by name, not instanceof: the SQLite and PostgreSQL clients each have their own error classes.
function isPrismaError(error: unknown): error is PrismaLikeError {
  return error instanceof Error && error.name.startsWith("PrismaClient");
}

const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|Connection terminated|SQLITE_CANTOPEN|unable to open database|Can't reach database|the database system is (starting up|shutting down)|Connection refused/i;

export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as PrismaLikeError).code;
  if (code === "P1001" || code === "P1002" || code === "P1017" || error.name === "PrismaClientInitializationError") return true;
  return UNREACHABLE.test(error.message) || UNREACHABLE.test(String((error as { cause?: unknown }).cause ?? ""));
}

function uniqueTarget(error: PrismaLikeError): string {
  const target = error.meta?.target ?? (error.meta?.driverAdapterError as { cause?: { constraint?: { fields?: string[] } } } | undefined)?.cause?.constraint?.fields;
  return Array.isArray(target) ? target.join(", ") : typeof target === "string" ? target : "a unique field";
}

export function toProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof ZodError) {
    const errors = fieldErrorsFromZod(error.issues);
    return new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
  }
  if (isDatabaseUnreachable(error)) return new ApiProblem("database-unavailable", "The database is not reachable; try again shortly");
  if (isPrismaError(error)) {
    if (error.code === "P2002") return new ApiProblem("conflict", `A resource with the same ${uniqueTarget(error)} already exists`);
    if (error.code === "P2025") return new ApiProblem("not-found", "The resource does not exist");
    if (error.code === "P2003") return new ApiProblem("conflict", "The resource is referenced by another resource");
  }
  return new ApiProblem("internal", "An unexpected error occurred; it has been logged with the request id");
}
