// Upload by URL's address checks, with the system's real resolver (the forms of addresses: lib/net/address-guard.test.ts).
import { describe, expect, it } from "vitest";
import { ApiProblem } from "@/lib/http/problems";
import { fetchImage } from "./fetch-image";

describe("fetchImage", () => {
  it("refuses a host name that resolves to a loopback address (checked at connection time)", async () => {
    const error = await fetchImage("https://localhost:9/image.png").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiProblem);
    expect((error as ApiProblem).extra.errors?.[0]).toMatchObject({ field: "url", code: "private_address" });
    expect((error as ApiProblem).detail).toContain("127.0.0.1");
  });

  it("refuses credentials in the URL and other schemes", async () => {
    for (const url of ["https://user:pass@example.com/a.png", "ftp://example.com/a.png", "file:///etc/passwd", "not a url"]) {
      const error = await fetchImage(url).catch((e: unknown) => e);
      expect((error as ApiProblem).extra.errors?.[0], url).toMatchObject({ field: "url", code: "invalid_url" });
    }
  });
});
