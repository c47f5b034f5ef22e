// Country names to ISO 3166-1 alpha-2 codes (published: `country` derives countryCode when none is sent).
// English names from the ICU data Node ships (Intl.DisplayNames), for every code libphonenumber knows.
import { getCountries } from "libphonenumber-js/max";

let byName: Map<string, string> | undefined;

function key(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

function names(): Map<string, string> {
  if (byName) return byName;
  const display = new Intl.DisplayNames(["en"], { type: "region" });
  byName = new Map();
  for (const code of getCountries()) {
    const name = display.of(code);
    if (name) byName.set(key(name), code);
    byName.set(key(code), code);
  }
  // Names people write that ICU spells differently.
  for (const [alias, code] of [
    ["USA", "US"],
    ["United States of America", "US"],
    ["UK", "GB"],
    ["Great Britain", "GB"],
    ["England", "GB"],
    ["Russia", "RU"],
    ["South Korea", "KR"],
    ["Czech Republic", "CZ"],
  ] as const) {
    byName.set(key(alias), code);
  }
  return byName;
}

/** The ISO code of a country name (or of a code written in any case), or null. */
export function countryCodeOf(country: string): string | null {
  return names().get(key(country)) ?? null;
}
