import { describe, expect, it } from "vitest";
import { hasScope, type Scope } from "./scopes";

describe("scopes", () => {
  const granted = (...s: Scope[]) => new Set(s);
  it("reads accept .read or .write, writes need .write", () => {
    expect(hasScope(granted("contacts.read"), "contacts.read")).toBe(true);
    expect(hasScope(granted("contacts.write"), "contacts.read")).toBe(true);
    expect(hasScope(granted("contacts.read"), "contacts.write")).toBe(false);
    expect(hasScope(granted("segments.write"), "contacts.read")).toBe(false);
    expect(hasScope("all", "events.write")).toBe(true);
    expect(hasScope(granted("contacts.read"), ["events.write", "contacts.read"])).toBe(true);
  });
});
