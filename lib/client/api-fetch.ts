// Browser-side client for Inkwell's own /api: same-origin fetch (the session cookie and Origin go along),
// the version header on every call, and problem+json turned into an ApiError the UI can show.
export const SERVICE_VERSION = "2026-03-15";

export type ApiFieldError = { field: string; pointer: string; code: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: ApiFieldError[] = [],
    readonly type: string | null = null,
  ) {
    super(detail);
    this.name = "ApiError";
  }

  /** The problem code, e.g. "validation-failed" (the last segment of the problem type URL). */
  get code(): string | null {
    return this.type ? (this.type.split("/").pop() ?? null) : null;
  }

  /** The message for one request field, e.g. fieldError("name"). */
  fieldError(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

type Options = Omit<RequestInit, "body"> & { body?: unknown };

/** A FormData body (a file upload) goes as multipart/form-data; anything else as JSON. */
export async function apiFetch<T>(path: string, options: Options = {}): Promise<T> {
  const { body, headers, ...rest } = options;
  const form = typeof FormData !== "undefined" && body instanceof FormData;
  const init: RequestInit = {
    ...rest,
    credentials: "same-origin",
    headers: {
      "Service-Version": SERVICE_VERSION,
      Accept: "application/json",
      ...(body !== undefined && !form ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: form ? (body as FormData) : body !== undefined ? JSON.stringify(body) : undefined,
  };
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "Could not reach Inkwell. Check your connection and try again.");
  }
  if (response.ok) {
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
  throw await toApiError(response);
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  try {
    const problem = JSON.parse(text) as { type?: string; title?: string; detail?: string; errors?: ApiFieldError[] };
    const detail = problem.detail || problem.title || `Request failed (${response.status})`;
    return new ApiError(response.status, detail, Array.isArray(problem.errors) ? problem.errors : [], problem.type ?? null);
  } catch {
    return new ApiError(response.status, `Request failed (${response.status})`);
  }
}
