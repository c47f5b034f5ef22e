// The one recipient rule (docs/delivery.md "Eligibility"): which address of a contact is mailed, and why a
// contact gets nothing. The enqueue, the worker and the composer's estimate all ask decide().
import { describe, expect, it } from "vitest";
import { decide, type AddressState } from "./eligibility";

const address = (email: string, status: string, suppression: string | null = null): AddressState => ({ email, status, suppression });
const contact = (...addresses: AddressState[]) => ({ exists: true, addresses });

describe("decide", () => {
  it("mails the first address that may be mailed: a first address unsubscribed, the second subscribed", () => {
    expect(decide(contact(address("old@x.test", "unsubscribed"), address("new@x.test", "subscribed")), "subscribed")).toEqual({
      status: "queued",
      reason: null,
      email: "new@x.test",
    });
  });

  it("passes over a suppressed address to a subscribed one", () => {
    const state = contact(address("a@x.test", "subscribed", "hard-bounce"), address("b@x.test", "subscribed"));
    expect(decide(state, "subscribed")).toMatchObject({ status: "queued", email: "b@x.test" });
  });

  it("when no address may be mailed, gives the first address's reason", () => {
    expect(decide(contact(address("a@x.test", "nonSubscribed"), address("b@x.test", "unsubscribed")), "subscribed")).toEqual({
      status: "skipped",
      reason: "not-subscribed",
      email: "a@x.test",
    });
    expect(decide(contact(address("a@x.test", "unsubscribed")), "subscribed")).toMatchObject({
      status: "suppressed",
      reason: "unsubscribed",
    });
    expect(decide(contact(address("a@x.test", "subscribed", "manual")), "all")).toMatchObject({ status: "suppressed", reason: "manual" });
  });

  it("names a missing contact and one without an address", () => {
    expect(decide({ exists: false, addresses: [] }, "subscribed")).toMatchObject({ status: "skipped", reason: "contact-missing" });
    expect(decide(contact(), "subscribed")).toMatchObject({ status: "skipped", reason: "no-email" });
  });

  it("follows the sending threshold", () => {
    expect(decide(contact(address("a@x.test", "nonSubscribed")), "nonSubscribed")).toMatchObject({ status: "queued" });
    expect(decide(contact(address("a@x.test", "unsubscribed")), "all")).toMatchObject({ status: "queued", email: "a@x.test" });
  });

  it("sends a marketing topic's email to the topic's subscribers only; required topics filter nobody", () => {
    const news = { id: "t1", kind: "marketing" };
    const subscribed = { exists: true, addresses: [address("a@x.test", "subscribed")], topics: { t1: "subscribed" } };
    const left = { exists: true, addresses: [address("a@x.test", "subscribed")], topics: { t1: "unsubscribed" } };
    const never = { exists: true, addresses: [address("a@x.test", "subscribed")], topics: {} };
    expect(decide(subscribed, "subscribed", news)).toEqual({ status: "queued", reason: null, email: "a@x.test" });
    expect(decide(left, "subscribed", news)).toEqual({ status: "suppressed", reason: "unsubscribed-from-topic", email: "a@x.test" });
    expect(decide(never, "subscribed", news)).toEqual({ status: "skipped", reason: "not-subscribed-to-topic", email: "a@x.test" });
    expect(decide(never, "subscribed", { id: "t1", kind: "required" })).toMatchObject({ status: "queued" });
    // The channel still comes first: a topic never makes an unsubscribed contact mailable.
    const unsubscribed = { exists: true, addresses: [address("a@x.test", "unsubscribed")], topics: { t1: "subscribed" } };
    expect(decide(unsubscribed, "subscribed", news)).toMatchObject({ status: "suppressed", reason: "unsubscribed" });
  });
});
