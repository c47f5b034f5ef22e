import { describe, expect, it } from "vitest";
import { convertMergeTags, knownPath } from "./convert-merge-tags";

describe("convertMergeTags", () => {
  it("turns Handlebars/Liquid, Mailchimp and percent tags into ours, defaults kept for contact values", () => {
    const { text, summary } = convertMergeTags(
      'Hi {{ first_name }} {{contact.last_name | default: "friend"}} *|FNAME|* %FIRSTNAME% <a href="*|UNSUB|*">x</a> <a href="{{unsubscribe_url}}">y</a> ' +
        "{% manage_preferences %} *|ARCHIVE|* *|LIST:COMPANY|* *|HTML:LIST_ADDRESS_HTML|* {{{ email }}}",
    );
    expect(text).toBe(
      "Hi [[contact.first_name]] [[contact.last_name | friend]] [[contact.first_name]] [[contact.first_name]] " +
        '<a href="[[message.unsubscribe_url]]">x</a> <a href="[[message.unsubscribe_url]]">y</a> ' +
        "[[message.preferences_url]] [[message.view_in_browser_url]] [[brand.name]] [[brand.postal_address]] [[contact.email]]",
    );
    expect(summary.converted).toContainEqual({ from: "*|FNAME|*", to: "[[contact.first_name]]", count: 1 });
    expect(summary.unknown).toEqual([]);
  });

  it("leaves unknown tags as written and counts them", () => {
    const { text, summary } = convertMergeTags("{{ loyalty_points }} {{ loyalty_points }} *|MC:SUBJECT|* %COUPON% {% if vip %}");
    expect(text).toBe("{{ loyalty_points }} {{ loyalty_points }} *|MC:SUBJECT|* %COUPON% {% if vip %}");
    expect(summary.unknown).toEqual([
      { tag: "{{ loyalty_points }}", count: 2 },
      { tag: "*|MC:SUBJECT|*", count: 1 },
      { tag: "%COUPON%", count: 1 },
    ]);
  });

  it("does not take percentages, our own tags or CSS for tags", () => {
    const source = '<td width="50%" style="width:100%">20% off, 30%OFF [[contact.first_name | there]]</td>';
    expect(convertMergeTags(source)).toEqual({ text: source, summary: { converted: [], unknown: [] } });
  });

  it("recognises names across tools' prefixes and spellings", () => {
    expect(knownPath("subscriber.first_name")).toBe("contact.first_name");
    expect(knownPath("person.FirstName")).toBe("contact.first_name");
    expect(knownPath("organization.full_address")).toBe("brand.postal_address");
    expect(knownPath("UPDATE_PROFILE")).toBe("message.preferences_url");
    expect(knownPath("shoe_size")).toBeUndefined();
    expect(knownPath("constructor")).toBeUndefined();
  });
});
