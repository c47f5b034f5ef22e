import { describe, expect, it } from "vitest";
import { brandPalette } from "./brand-palette";
import { checkLink } from "./link-check";

describe("link check", () => {
  it("accepts web, email and phone links and merge tags", () => {
    for (const ok of [
      "https://shop.example.com/sale",
      "http://a.example.org",
      "mailto:hi@shop.example.com",
      "tel:+1 555 0100",
      "[[message.unsubscribe_url]]",
      "https://shop.example.com/?e=[[contact.email]]",
      "[[contact.custom_properties.url | https://shop.example.com]]",
    ]) {
      expect(checkLink(ok), ok).toEqual({ ok: true, href: ok });
    }
    expect(checkLink("www.shop.example.com")).toEqual({ ok: true, href: "https://www.shop.example.com" });
  });

  it("refuses scripts, half tags and things that are not addresses, saying what to enter", () => {
    expect(checkLink("javascript:alert(1)")).toMatchObject({ ok: false, message: expect.stringMatching(/cannot run code/) });
    expect(checkLink("https://shop.example.com/[[contact.email")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not complete/),
    });
    expect(checkLink("shop")).toMatchObject({ ok: false, message: expect.stringMatching(/full web address/) });
    expect(checkLink("")).toMatchObject({ ok: false });
    expect(checkLink("mailto:nobody")).toMatchObject({ ok: false });
  });
});

describe("brand palette", () => {
  it("starts with the email's colours from General settings, each once", () => {
    const palette = brandPalette({
      content: { color: "#112233", backgroundColor: "#FFFFFF" },
      buttonPresets: [{ id: "primary_button", name: "Primary", styles: { backgroundColor: "#ff6600", color: "#ffffff" } }],
    } as never);
    expect(palette.slice(0, 3)).toEqual(["#112233", "#ff6600", "#ffffff"]);
    expect(new Set(palette).size).toBe(palette.length);
    expect(palette).toContain("#000000");
  });
});
