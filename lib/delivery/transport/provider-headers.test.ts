// A provider's own headers go out only through that provider's SMTP endpoint (issue 39: they went out over
// every relay, plain Postfix included).
import { describe, expect, it } from "vitest";
import { providerHeaders, providerOf } from "./provider-headers";

describe("providerHeaders", () => {
  it("names SendGrid's unique argument only through SendGrid", () => {
    expect(providerOf("smtp.sendgrid.net")).toBe("sendgrid");
    expect(providerHeaders("smtp.sendgrid.net", "ref1")).toEqual({ "X-SMTPAPI": '{"unique_args":{"inkwell_message":"ref1"}}' });
  });

  it("names Postmark's metadata only through Postmark", () => {
    expect(providerOf("SMTP.PostmarkApp.com.")).toBe("postmark");
    expect(providerHeaders("smtp-broadcasts.postmarkapp.com", "ref2")).toEqual({ "X-PM-Metadata-inkwell-message": "ref2" });
  });

  it("adds nothing through any other server (a self-hoster's Postfix, a look-alike name)", () => {
    for (const host of ["127.0.0.1", "mail.acme.test", "sendgrid.net.evil.test", "notpostmarkapp.com", null, undefined])
      expect(providerHeaders(host, "ref3")).toEqual({});
  });
});
