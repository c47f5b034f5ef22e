// What an address says by itself: its domain (IDNs in their ASCII form), whether that domain hands out
// throwaway mailboxes (disposable-email-domains-js, a maintained list), and whether it looks like a slip
// of the keyboard on a popular provider (@zootools/email-spell-checker: "gmial.com" -> "gmail.com").
import { isDisposableEmailDomain } from "disposable-email-domains-js";
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

/** A disposable-mail domain, or a subdomain of one (bots use random subdomains of catch-all services). */
export function isDisposable(domain: string): boolean {
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) if (isDisposableEmailDomain(labels.slice(i).join("."))) return true;
  return false;
}

export type Typo = { suggestion: string; only: "ending" | "name" };

/**
 * The domain the address's domain is a likely typo of, or null: "gmail.com" for "gmial.com" (the name
 * differs: `only: "name"`), "gmail.com" for "gmail.con" (only the ending differs: `only: "ending"`). The
 * checker also guesses endings of real domains ("protonmail.ch" -> "protonmail.com", "acme.test" ->
 * "acme.de"), so an ending alone is a typo only when the typed domain takes no mail (screen.ts asks DNS).
 */
export function typoOf(email: string, domain: string): Typo | null {
  const local = email.slice(0, email.lastIndexOf("@"));
  const suggestion = spellChecker.run({ email: `${local}@${domain}` })?.domain?.toLowerCase();
  if (!suggestion || suggestion === domain) return null;
  return { suggestion, only: suggestion.split(".")[0] === domain.split(".")[0] ? "ending" : "name" };
}
