/**
 * What the public side of a form (the hosted page GET /f/{formID} and the script GET /f/{formID}/embed.js)
 * is rendered from: the form as a visitor may see it, and nothing else (no figures, no brand internals).
 * lib/forms builds it from a stored form; lib/forms/public renders it; lib/forms/firewall guards the POST.
 */
export type FormTrigger = { type: "delay"; seconds: number } | { type: "exitIntent" } | { type: "scroll"; percent: number };

export type PublicFormField = {
  /** the name the POST carries: "email", "firstName", "lastName", ... (contact properties) */
  name: string;
  label: string;
  type: "email" | "text" | "tel" | "date";
  required: boolean;
  /** the HTML autocomplete token, e.g. "email", "given-name" */
  autocomplete: string;
};

export type PublicFormView = {
  formID: string;
  /** absolute URL of POST /f/{formID} */
  actionURL: string;
  /** absolute URL of GET /f/{formID}/challenge (the proof-of-work challenge, ALTCHA's JSON) */
  challengeURL: string;
  /** inline: rendered where the script tag is; popup: shown on its trigger; page: the hosted page */
  mode: "inline" | "popup" | "page";
  /** popup only */
  trigger: FormTrigger | null;
  title: string;
  description: string;
  button: string;
  /** shown after a successful submission */
  success: string;
  /** the consent text the visitor sees next to the button (stored with the consent record) */
  consent: string;
  fields: PublicFormField[];
  /** topics the visitor may choose; empty: none offered */
  topics: { id: string; name: string; description: string }[];
  colours: { background: string; text: string; accent: string; accentText: string };
  /** the honeypot input's name: a field people never see nor fill */
  honeypotName: string;
};

/** What the firewall is given of one submission (lib/forms/firewall/screen.ts). */
export type SubmissionToScreen = {
  brandID: string;
  formID: string;
  email: string;
  /** the honeypot field's value as posted (undefined when absent) */
  honeypot: string | undefined;
  /** the ALTCHA payload the page's script posted as "altcha" (base64 JSON), undefined when absent */
  altcha: string | undefined;
  /** the person saw the typo hint and insists on the address as typed (the POST's "acceptTypo" field) */
  acceptTypo: boolean;
  ip: string;
  userAgent: string;
};

/**
 * accept: go on. drop: a bot; answer as if it succeeded, store and send nothing, count the reason.
 * reject: a person's mistake or a limit; answer with the status and the detail (and the suggestion, e.g.
 * "gmail.com" for "gmial.com").
 */
export type ScreenVerdict =
  | { verdict: "accept" }
  | { verdict: "drop"; reason: "honeypot" | "challenge" | "replayed-challenge" }
  | {
      verdict: "reject";
      status: 400 | 422 | 429;
      code: "disposable-domain" | "no-mail-domain" | "typo" | "rate-limited" | "invalid-email";
      detail: string;
      suggestion?: string;
      retryAfterSeconds?: number;
    };
