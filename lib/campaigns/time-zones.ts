// A contact's time zone from their country and state (the brand's when unknown). Wall-clock arithmetic in
// a zone is in wall-clock.ts (it runs in the browser too). The country table is the principal zone of each ISO 3166-1 code (tzdata's zone.tab, the most populous
// zone where a country has several); the United States, Canada and Australia are resolved by state.
import { countryCodeOf } from "@/lib/contacts/countries";

export { EARLIEST_ZONE, hourIn, instantOf, sameWallTimeIn, startOfDay, wallTime, type WallTime } from "@/lib/time/wall-clock";

// prettier-ignore
const BY_COUNTRY: Record<string, string> = {
  AD: "Europe/Andorra", AE: "Asia/Dubai", AF: "Asia/Kabul", AG: "America/Antigua", AI: "America/Anguilla", AL: "Europe/Tirane",
  AM: "Asia/Yerevan", AO: "Africa/Luanda", AQ: "Antarctica/McMurdo", AR: "America/Argentina/Buenos_Aires", AS: "Pacific/Pago_Pago",
  AT: "Europe/Vienna", AU: "Australia/Sydney", AW: "America/Aruba", AX: "Europe/Mariehamn", AZ: "Asia/Baku", BA: "Europe/Sarajevo",
  BB: "America/Barbados", BD: "Asia/Dhaka", BE: "Europe/Brussels", BF: "Africa/Ouagadougou", BG: "Europe/Sofia",
  BH: "Asia/Bahrain", BI: "Africa/Bujumbura", BJ: "Africa/Porto-Novo", BL: "America/St_Barthelemy", BM: "Atlantic/Bermuda",
  BN: "Asia/Brunei", BO: "America/La_Paz", BQ: "America/Kralendijk", BR: "America/Sao_Paulo", BS: "America/Nassau",
  BT: "Asia/Thimphu", BW: "Africa/Gaborone", BY: "Europe/Minsk", BZ: "America/Belize", CA: "America/Toronto", CC: "Indian/Cocos",
  CD: "Africa/Kinshasa", CF: "Africa/Bangui", CG: "Africa/Brazzaville", CH: "Europe/Zurich", CI: "Africa/Abidjan",
  CK: "Pacific/Rarotonga", CL: "America/Santiago", CM: "Africa/Douala", CN: "Asia/Shanghai", CO: "America/Bogota",
  CR: "America/Costa_Rica", CU: "America/Havana", CV: "Atlantic/Cape_Verde", CW: "America/Curacao", CX: "Indian/Christmas",
  CY: "Asia/Nicosia", CZ: "Europe/Prague", DE: "Europe/Berlin", DJ: "Africa/Djibouti", DK: "Europe/Copenhagen",
  DM: "America/Dominica", DO: "America/Santo_Domingo", DZ: "Africa/Algiers", EC: "America/Guayaquil", EE: "Europe/Tallinn",
  EG: "Africa/Cairo", EH: "Africa/El_Aaiun", ER: "Africa/Asmara", ES: "Europe/Madrid", ET: "Africa/Addis_Ababa",
  FI: "Europe/Helsinki", FJ: "Pacific/Fiji", FK: "Atlantic/Stanley", FM: "Pacific/Pohnpei", FO: "Atlantic/Faroe",
  FR: "Europe/Paris", GA: "Africa/Libreville", GB: "Europe/London", GD: "America/Grenada", GE: "Asia/Tbilisi",
  GF: "America/Cayenne", GG: "Europe/Guernsey", GH: "Africa/Accra", GI: "Europe/Gibraltar", GL: "America/Nuuk",
  GM: "Africa/Banjul", GN: "Africa/Conakry", GP: "America/Guadeloupe", GQ: "Africa/Malabo", GR: "Europe/Athens",
  GS: "Atlantic/South_Georgia", GT: "America/Guatemala", GU: "Pacific/Guam", GW: "Africa/Bissau", GY: "America/Guyana",
  HK: "Asia/Hong_Kong", HN: "America/Tegucigalpa", HR: "Europe/Zagreb", HT: "America/Port-au-Prince", HU: "Europe/Budapest",
  ID: "Asia/Jakarta", IE: "Europe/Dublin", IL: "Asia/Jerusalem", IM: "Europe/Isle_of_Man", IN: "Asia/Kolkata", IO: "Indian/Chagos",
  IQ: "Asia/Baghdad", IR: "Asia/Tehran", IS: "Atlantic/Reykjavik", IT: "Europe/Rome", JE: "Europe/Jersey", JM: "America/Jamaica",
  JO: "Asia/Amman", JP: "Asia/Tokyo", KE: "Africa/Nairobi", KG: "Asia/Bishkek", KH: "Asia/Phnom_Penh", KI: "Pacific/Tarawa",
  KM: "Indian/Comoro", KN: "America/St_Kitts", KP: "Asia/Pyongyang", KR: "Asia/Seoul", KW: "Asia/Kuwait", KY: "America/Cayman",
  KZ: "Asia/Almaty", LA: "Asia/Vientiane", LB: "Asia/Beirut", LC: "America/St_Lucia", LI: "Europe/Vaduz", LK: "Asia/Colombo",
  LR: "Africa/Monrovia", LS: "Africa/Maseru", LT: "Europe/Vilnius", LU: "Europe/Luxembourg", LV: "Europe/Riga",
  LY: "Africa/Tripoli", MA: "Africa/Casablanca", MC: "Europe/Monaco", MD: "Europe/Chisinau", ME: "Europe/Podgorica",
  MF: "America/Marigot", MG: "Indian/Antananarivo", MH: "Pacific/Majuro", MK: "Europe/Skopje", ML: "Africa/Bamako",
  MM: "Asia/Yangon", MN: "Asia/Ulaanbaatar", MO: "Asia/Macau", MP: "Pacific/Saipan", MQ: "America/Martinique",
  MR: "Africa/Nouakchott", MS: "America/Montserrat", MT: "Europe/Malta", MU: "Indian/Mauritius", MV: "Indian/Maldives",
  MW: "Africa/Blantyre", MX: "America/Mexico_City", MY: "Asia/Kuala_Lumpur", MZ: "Africa/Maputo", NA: "Africa/Windhoek",
  NC: "Pacific/Noumea", NE: "Africa/Niamey", NF: "Pacific/Norfolk", NG: "Africa/Lagos", NI: "America/Managua",
  NL: "Europe/Amsterdam", NO: "Europe/Oslo", NP: "Asia/Kathmandu", NR: "Pacific/Nauru", NU: "Pacific/Niue", NZ: "Pacific/Auckland",
  OM: "Asia/Muscat", PA: "America/Panama", PE: "America/Lima", PF: "Pacific/Tahiti", PG: "Pacific/Port_Moresby", PH: "Asia/Manila",
  PK: "Asia/Karachi", PL: "Europe/Warsaw", PM: "America/Miquelon", PN: "Pacific/Pitcairn", PR: "America/Puerto_Rico",
  PS: "Asia/Gaza", PT: "Europe/Lisbon", PW: "Pacific/Palau", PY: "America/Asuncion", QA: "Asia/Qatar", RE: "Indian/Reunion",
  RO: "Europe/Bucharest", RS: "Europe/Belgrade", RU: "Europe/Moscow", RW: "Africa/Kigali", SA: "Asia/Riyadh",
  SB: "Pacific/Guadalcanal", SC: "Indian/Mahe", SD: "Africa/Khartoum", SE: "Europe/Stockholm", SG: "Asia/Singapore",
  SH: "Atlantic/St_Helena", SI: "Europe/Ljubljana", SJ: "Arctic/Longyearbyen", SK: "Europe/Bratislava", SL: "Africa/Freetown",
  SM: "Europe/San_Marino", SN: "Africa/Dakar", SO: "Africa/Mogadishu", SR: "America/Paramaribo", SS: "Africa/Juba",
  ST: "Africa/Sao_Tome", SV: "America/El_Salvador", SX: "America/Lower_Princes", SY: "Asia/Damascus", SZ: "Africa/Mbabane",
  TC: "America/Grand_Turk", TD: "Africa/Ndjamena", TF: "Indian/Kerguelen", TG: "Africa/Lome", TH: "Asia/Bangkok",
  TJ: "Asia/Dushanbe", TK: "Pacific/Fakaofo", TL: "Asia/Dili", TM: "Asia/Ashgabat", TN: "Africa/Tunis", TO: "Pacific/Tongatapu",
  TR: "Europe/Istanbul", TT: "America/Port_of_Spain", TV: "Pacific/Funafuti", TW: "Asia/Taipei", TZ: "Africa/Dar_es_Salaam",
  UA: "Europe/Kyiv", UG: "Africa/Kampala", UM: "Pacific/Midway", US: "America/New_York", UY: "America/Montevideo",
  UZ: "Asia/Tashkent", VA: "Europe/Vatican", VC: "America/St_Vincent", VE: "America/Caracas", VG: "America/Tortola",
  VI: "America/St_Thomas", VN: "Asia/Ho_Chi_Minh", VU: "Pacific/Efate", WF: "Pacific/Wallis", WS: "Pacific/Apia", YE: "Asia/Aden",
  YT: "Indian/Mayotte", ZA: "Africa/Johannesburg", ZM: "Africa/Lusaka", ZW: "Africa/Harare",
};

const EASTERN = "America/New_York",
  CENTRAL = "America/Chicago",
  MOUNTAIN = "America/Denver",
  PACIFIC = "America/Los_Angeles";
// prettier-ignore
const US_STATES: Record<string, [string, string]> = {
  AL: ["alabama", CENTRAL], AK: ["alaska", "America/Anchorage"], AZ: ["arizona", "America/Phoenix"], AR: ["arkansas", CENTRAL],
  CA: ["california", PACIFIC], CO: ["colorado", MOUNTAIN], CT: ["connecticut", EASTERN], DE: ["delaware", EASTERN],
  DC: ["district of columbia", EASTERN], FL: ["florida", EASTERN], GA: ["georgia", EASTERN], HI: ["hawaii", "Pacific/Honolulu"],
  ID: ["idaho", "America/Boise"], IL: ["illinois", CENTRAL], IN: ["indiana", "America/Indiana/Indianapolis"], IA: ["iowa", CENTRAL],
  KS: ["kansas", CENTRAL], KY: ["kentucky", EASTERN], LA: ["louisiana", CENTRAL], ME: ["maine", EASTERN], MD: ["maryland", EASTERN],
  MA: ["massachusetts", EASTERN], MI: ["michigan", "America/Detroit"], MN: ["minnesota", CENTRAL], MS: ["mississippi", CENTRAL],
  MO: ["missouri", CENTRAL], MT: ["montana", MOUNTAIN], NE: ["nebraska", CENTRAL], NV: ["nevada", PACIFIC], NH: ["new hampshire", EASTERN],
  NJ: ["new jersey", EASTERN], NM: ["new mexico", MOUNTAIN], NY: ["new york", EASTERN], NC: ["north carolina", EASTERN],
  ND: ["north dakota", CENTRAL], OH: ["ohio", EASTERN], OK: ["oklahoma", CENTRAL], OR: ["oregon", PACIFIC], PA: ["pennsylvania", EASTERN],
  RI: ["rhode island", EASTERN], SC: ["south carolina", EASTERN], SD: ["south dakota", CENTRAL], TN: ["tennessee", CENTRAL],
  TX: ["texas", CENTRAL], UT: ["utah", MOUNTAIN], VT: ["vermont", EASTERN], VA: ["virginia", EASTERN], WA: ["washington", PACIFIC],
  WV: ["west virginia", EASTERN], WI: ["wisconsin", CENTRAL], WY: ["wyoming", MOUNTAIN], PR: ["puerto rico", "America/Puerto_Rico"],
};
// prettier-ignore
const CA_PROVINCES: Record<string, [string, string]> = {
  AB: ["alberta", "America/Edmonton"], BC: ["british columbia", "America/Vancouver"], MB: ["manitoba", "America/Winnipeg"],
  NB: ["new brunswick", "America/Moncton"], NL: ["newfoundland and labrador", "America/St_Johns"], NS: ["nova scotia", "America/Halifax"],
  NT: ["northwest territories", "America/Yellowknife"], NU: ["nunavut", "America/Iqaluit"], ON: ["ontario", "America/Toronto"],
  PE: ["prince edward island", "America/Halifax"], QC: ["quebec", "America/Toronto"], SK: ["saskatchewan", "America/Regina"],
  YT: ["yukon", "America/Whitehorse"],
};
// prettier-ignore
const AU_STATES: Record<string, [string, string]> = {
  NSW: ["new south wales", "Australia/Sydney"], VIC: ["victoria", "Australia/Melbourne"], QLD: ["queensland", "Australia/Brisbane"],
  SA: ["south australia", "Australia/Adelaide"], WA: ["western australia", "Australia/Perth"], TAS: ["tasmania", "Australia/Hobart"],
  ACT: ["australian capital territory", "Australia/Sydney"], NT: ["northern territory", "Australia/Darwin"],
};

function stateIndex(table: Record<string, [string, string]>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [code, [name, zone]] of Object.entries(table)) {
    index.set(code.toLowerCase(), zone);
    index.set(name, zone);
  }
  return index;
}
const BY_STATE: Record<string, Map<string, string>> = {
  US: stateIndex(US_STATES),
  CA: stateIndex(CA_PROVINCES),
  AU: stateIndex(AU_STATES),
};

const normalizeState = (state: string) =>
  state
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z ]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** A contact's time zone from their country (code or name) and state; null when neither tells. */
export function contactTimeZone(contact: { countryCode?: string | null; country?: string | null; state?: string | null }): string | null {
  const code = (contact.countryCode?.toUpperCase() || (contact.country ? countryCodeOf(contact.country) : null)) ?? null;
  if (!code) return null;
  const byState = BY_STATE[code];
  if (byState && contact.state) {
    const zone = byState.get(normalizeState(contact.state));
    if (zone) return zone;
  }
  return BY_COUNTRY[code] ?? null;
}
