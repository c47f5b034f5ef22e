// The one address guard, form by form (issue 38: `https://[::7f00:1]/`, loopback in the IPv4-compatible
// IPv6 form, passed the webhook address check), and every caller refusing what it refuses.
import { describe, expect, it } from "vitest";
import { callbackRefusal } from "@/lib/automations/callback-url";
import { ApiProblem } from "@/lib/http/problems";
import { fetchImage } from "@/lib/images/fetch-image";
import { hostOf, isPublicAddress } from "./address-guard";

const REFUSED: [string, string][] = [
  ["127.0.0.1", "IPv4 loopback"],
  ["127.1.2.3", "IPv4 loopback, anywhere in 127/8"],
  ["0.0.0.0", "IPv4 unspecified"],
  ["10.1.2.3", "private 10/8"],
  ["172.16.0.1", "private 172.16/12"],
  ["172.31.255.255", "private 172.16/12, its end"],
  ["192.168.0.1", "private 192.168/16"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["224.0.0.1", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["240.0.0.1", "reserved"],
  ["192.0.2.1", "documentation"],
  ["::1", "IPv6 loopback"],
  ["0:0:0:0:0:0:0:1", "IPv6 loopback, long form"],
  ["::", "IPv6 unspecified"],
  ["::7f00:1", "IPv4-compatible loopback (the issue's form)"],
  ["::127.0.0.1", "IPv4-compatible loopback, dotted"],
  ["::a00:1", "IPv4-compatible private"],
  ["::8.8.8.8", "IPv4-compatible, even public (deprecated form)"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
  ["0:0:0:0:0:ffff:7f00:1", "IPv4-mapped loopback, long form"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
  ["::ffff:0:7f00:1", "IPv4-translated loopback"],
  ["64:ff9b::127.0.0.1", "NAT64 loopback"],
  ["64:ff9b::a9fe:a9fe", "NAT64 link-local"],
  ["64:ff9b::c0a8:1", "NAT64 private"],
  ["64:ff9b:1::a00:1", "local-use NAT64"],
  ["2002:7f00:1::", "6to4 loopback"],
  ["2002:a9fe:a9fe::1", "6to4 link-local"],
  ["2002:c0a8:101::1", "6to4 private"],
  ["2001::1", "Teredo"],
  ["2001:db8::1", "documentation"],
  ["fe80::1", "IPv6 link-local"],
  ["fc00::1", "unique-local"],
  ["fd12:3456:789a::1", "unique-local (fd)"],
  ["fec0::1", "site-local (deprecated)"],
  ["ff02::1", "IPv6 multicast"],
  ["100::1", "discard"],
  ["not an address", "not an address"],
];

const PUBLIC = [
  "93.184.216.34",
  "8.8.8.8",
  "1.1.1.1",
  "2606:4700:4700::1111",
  "2a00:1450:4001:82b::200e",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
  "2002:808:808::1",
];

describe("isPublicAddress", () => {
  it.each(REFUSED)("refuses %s (%s)", (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(PUBLIC)("accepts %s", (address) => expect(isPublicAddress(address)).toBe(true));
});

// How the forms arrive in a URL: the WHATWG parser rewrites IPv4 in decimal, hex, octal or short form
// to dotted quads, and IPv6 to its compressed form (https://[::127.0.0.1]/ is host [::7f00:1]).
const URLS = [
  "https://[::7f00:1]/hook",
  "https://[::127.0.0.1]/hook",
  "https://[0:0:0:0:0:0:0:1]/hook",
  "https://[::ffff:127.0.0.1]/hook",
  "https://[64:ff9b::7f00:1]/hook",
  "https://[2002:7f00:1::]/hook",
  "https://[fd00::1]/hook",
  "https://[fe80::1]/hook",
  "https://[::]/hook",
  "https://2130706433/hook",
  "https://0x7f000001/hook",
  "https://0177.0.0.1/hook",
  "https://127.1/hook",
  "https://0/hook",
  "https://169.254.169.254/latest/meta-data/",
];

describe("every caller uses it", () => {
  it.each(URLS)("an automation webhook to %s is refused when saved", (url) => {
    expect(callbackRefusal(url)).toBe(`${hostOf(new URL(url))} is not a public address`);
  });

  it.each(URLS)("upload by URL of %s is refused before connecting", async (url) => {
    const error = await fetchImage(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiProblem);
    expect((error as ApiProblem).extra.errors?.[0]).toMatchObject({ field: "url", code: "private_address" });
  });

  it("lets public addresses through", () => {
    for (const url of ["https://[2606:4700:4700::1111]/hook", "https://8.8.8.8/hook", "https://hooks.example.com/x"])
      expect(callbackRefusal(url), url).toBeNull();
  });
});
