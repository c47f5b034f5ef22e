// Upload by URL's address checks, with the system's real resolver.
import { describe, expect, it } from "vitest";
import { ApiProblem } from "@/lib/http/problems";
import { fetchImage, isPublicAddress } from "./fetch-image";

describe("isPublicAddress", () => {
  it("accepts public unicast addresses only", () => {
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "fe80::1",
      "fc00::1",
      "::ffff:10.0.0.1",
      "::ffff:127.0.0.1",
      "::",
      "not an address",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});

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
