// The Service-Version header that selects the API version.
import type { ApiHeaders } from "./api-request";
import { ApiProblem } from "./problems";

export const CURRENT_VERSION = "2026-03-15";
export const SUPPORTED_VERSIONS = [CURRENT_VERSION] as const;
export const VERSION_HEADER = "Service-Version";

export function checkVersion(headers: ApiHeaders): string {
  const value = headers.get(VERSION_HEADER);
  if (value === null || value.trim() === "") {
    throw new ApiProblem("version-required", `The ${VERSION_HEADER} header is required; send ${VERSION_HEADER}: ${CURRENT_VERSION}`, {
      supportedVersions: [...SUPPORTED_VERSIONS],
    });
  }
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(value.trim())) {
    throw new ApiProblem(
      "unsupported-version",
      `${VERSION_HEADER} "${value.slice(0, 40)}" is not supported; supported versions: ${SUPPORTED_VERSIONS.join(", ")}`,
      {
        supportedVersions: [...SUPPORTED_VERSIONS],
      },
    );
  }
  return value.trim();
}
