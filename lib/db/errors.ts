// What a database error means, decided in one place for both drivers (better-sqlite3, pg) and Prisma.
// Callers ask by meaning (a unique violation, a busy database, an unreachable server), never by code.

type CodedError = Error & { code?: string; meta?: Record<string, unknown>; cause?: unknown };

/** The driver's code; Prisma's adapters keep it as `cause.originalCode` of a DriverAdapterError. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, cause } = error as CodedError;
  if (error instanceof Error && error.name === "DriverAdapterError")
    return (cause as { originalCode?: string } | undefined)?.originalCode ?? code;
  return code;
}

function isPrismaError(error: unknown): error is CodedError {
  return error instanceof Error && error.name.startsWith("PrismaClient");
}

/** A UNIQUE or PRIMARY KEY constraint refused the write. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    code === "23505" ||
    (isPrismaError(error) && code === "P2002")
  );
}

/** A foreign key refused the write (a referenced row is missing, or still referenced). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503" || (isPrismaError(error) && code === "P2003");
}

/** Prisma's "record to update/delete not found". */
export function isRecordMissing(error: unknown): boolean {
  return isPrismaError(error) && codeOf(error) === "P2025";
}

/**
 * Two transactions' writes conflicted and the database undid this one: PostgreSQL's serialization
 * failure (40001) or deadlock (40P01). Run the transaction again. (SQLite's busy database, its one
 * conflict, is retried by the writer itself: sqlite-writer.ts.)
 */
export function isWriteConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === "40001" || code === "40P01";
}

/** SQLite's write lock is held by another connection: try again shortly. */
export function isBusy(error: unknown): boolean {
  const code = codeOf(error);
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || code === "SQLITE_BUSY_SNAPSHOT";
}

const UNREACHABLE =
  /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|Connection terminated|SQLITE_CANTOPEN|unable to open database|Can't reach database|the database system is (starting up|shutting down)|Connection refused|timeout exceeded when trying to connect/i;

/** The database cannot be reached (server down, file unopenable): the request may succeed later. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (code === "P1001" || code === "P1002" || code === "P1017" || error.name === "PrismaClientInitializationError") return true;
  if (code === "57P03" || code === "ECONNREFUSED" || code === "SQLITE_CANTOPEN") return true;
  return UNREACHABLE.test(error.message) || UNREACHABLE.test(String(error.cause ?? ""));
}

/** The columns a unique violation names, for a readable conflict message. */
export function uniqueViolationTarget(error: unknown): string {
  const e = error as CodedError;
  const fromPrisma =
    e.meta?.target ??
    (e.meta?.driverAdapterError as { cause?: { constraint?: { fields?: string[] } } } | undefined)?.cause?.constraint?.fields;
  if (Array.isArray(fromPrisma)) return fromPrisma.join(", ");
  if (typeof fromPrisma === "string") return fromPrisma;
  const sqlite = /UNIQUE constraint failed: (.+)$/.exec(e.message ?? "");
  if (sqlite)
    return sqlite[1]
      .split(",")
      .map((c) => c.trim().split(".").pop())
      .join(", ");
  const detail = (e as { detail?: string }).detail;
  const pg = detail ? /Key \(([^)]+)\)/.exec(detail) : null;
  return pg ? pg[1].replace(/"/g, "") : "a unique field";
}
