import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

/** Headers as Inkwell's server hands them on: the connection's address stamped in x-inkwell-peer. */
const headers = (values: Record<string, string>) => new Headers(values);

describe("the client's address", () => {
  it("with no proxy trusted is the connection's, whatever X-Forwarded-For or X-Real-IP the client wrote", () => {
    const sent = headers({ "x-inkwell-peer": "198.51.100.4", "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.8" });
    expect(clientAddress(sent, 0)).toBe("198.51.100.4");
  });

  it("behind trusted proxies is the hop that many in from the connection, not what the client prepended", () => {
    // The client wrote "6.6.6.6"; the one proxy in front appended the address it was reached from.
    expect(clientAddress(headers({ "x-inkwell-peer": "10.0.0.2", "x-forwarded-for": "6.6.6.6, 203.0.113.7" }), 1)).toBe("203.0.113.7");
    // Two proxies: the outer appended the client's, the inner (10.0.0.1) its own reach.
    const two = headers({ "x-inkwell-peer": "10.0.0.2", "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.1" });
    expect(clientAddress(two, 2)).toBe("203.0.113.7");
    // Fewer hops than proxies trusted: the farthest one named.
    expect(clientAddress(headers({ "x-inkwell-peer": "10.0.0.2", "x-forwarded-for": "203.0.113.7" }), 3)).toBe("203.0.113.7");
    // A trusted proxy that passed nothing on: the connection's.
    expect(clientAddress(headers({ "x-inkwell-peer": "10.0.0.2" }), 1)).toBe("10.0.0.2");
  });

  it("gives an IPv4 peer of a dual-stack socket as IPv4, and nothing for a request that did not come through the server", () => {
    expect(clientAddress(headers({ "x-inkwell-peer": "::ffff:127.0.0.1" }), 0)).toBe("127.0.0.1");
    expect(clientAddress(headers({ "x-inkwell-peer": "2001:db8::1" }), 0)).toBe("2001:db8::1");
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.7" }), 1)).toBeNull();
  });
});
