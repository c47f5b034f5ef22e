// What an address says by itself: its domain (IDNs in their ASCII form), whether that domain hands out
// throwaway mailboxes (disposable-email-domains-js, a maintained list), and whether it looks like a slip
// of the keyboard on a popular provider (@zootools/email-spell-checker: "gmial.com" -> "gmail.com").
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import spellChecker from "@zootools/email-spell-checker";
import { domainToASCII } from "node:url";

/** The address's domain in lower-case ASCII, or null when the address is not one we could send to. */
export function addressDomain(email: string): string | null {
  if (email.length > 254 || /[\s<>()[\]\\,;:"]/.test(email)) return null;
  const at = email.lastIndexOf("@");
  if (at < 1 || at > 64) return null;
  const domain = domainToASCII(email.slice(at + 1).replace(/\.$/, "")).toLowerCase();
  if (!domain || domain.length > 253 || !/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(domain)) return null;
  return domain;
}

// The list as a Set, made once: the package's isDisposableEmailDomain() builds a new Set of its whole list
// (tens of thousands of names) on every call, which was the largest cost of a submission (bench:forms).
let disposable: Set<string> | undefined;

/** A disposable-mail domain, or a subdomain of one (bots use random subdomains of catch-all services). */
export function isDisposable(domain: string): boolean {
  disposable ??= disposableEmailBlocklistSet();
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) if (disposable.has(labels.slice(i).join("."))) return true;
  return false;
}

export type Typo = { suggestion: string; certain: boolean };

/** Edits between two strings: insertions, deletions, substitutions and swaps of neighbours (gmial/gmail: 1). */
function edits(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

// The checker's answer depends on the domain alone (the local part only rebuilds its suggested address), and
// it measures the domain against every popular one: 60 µs, a third of a submission's request-thread CPU
// (bench:forms). Kept per domain; a signup flood is a few domains again and again, a random-domain bot
// flood only refills the map (cleared when full, so it stays bounded).
const TYPO_CACHE_SIZE = 10_000;
const typos = new Map<string, Typo | null>();

/**
 * The popular domain the domain (addressDomain's) is a likely slip of, or null. `certain`: one keystroke
 * away in the name ("gmial.com", "hotmal.com", "yahooo.com" -> the provider), worth asking about at once.
 * The checker also "corrects" real domains two keystrokes away or by their ending alone ("ibm.com" ->
 * "aim.com", "gmx.net" -> "cox.net", "protonmail.ch" -> "protonmail.com"), so those count only when the
 * typed domain takes no mail (screen.ts asks DNS first).
 */
export function typoOf(domain: string): Typo | null {
  const kept = typos.get(domain);
  if (kept !== undefined) return kept;
  const suggestion = spellChecker.run({ email: `name@${domain}` })?.domain?.toLowerCase();
  const sameName = suggestion?.split(".")[0] === domain.split(".")[0];
  const typo = !suggestion || suggestion === domain ? null : { suggestion, certain: !sameName && edits(domain, suggestion) === 1 };
  if (typos.size >= TYPO_CACHE_SIZE) typos.clear();
  typos.set(domain, typo);
  return typo;
}
