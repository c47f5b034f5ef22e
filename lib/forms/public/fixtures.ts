// A form's public view for tests (unit and e2e): every kind of field, two topics, and texts a hostile
// brand or visitor could write, which must come out as text.
import type { PublicFormView } from "@/lib/forms/public-view";

export function sampleView(origin: string, overrides: Partial<PublicFormView> = {}): PublicFormView {
  const formID = overrides.formID ?? "frm_sample";
  return {
    formID,
    actionURL: `${origin}/f/${formID}`,
    challengeURL: `${origin}/f/${formID}/challenge`,
    mode: "inline",
    trigger: null,
    title: "Join the Inkpot letter",
    description: "One letter a month about paper & ink. <b>No</b> spam.",
    button: "Sign me up",
    success: "Thanks! Check your inbox to confirm.",
    consent: "By signing up you agree to receive our letters. Unsubscribe at any time.",
    fields: [
      { name: "email", label: "Email address", type: "email", required: true, autocomplete: "email" },
      { name: "firstName", label: "First name", type: "text", required: false, autocomplete: "given-name" },
    ],
    topics: [
      { id: "top_news", name: "News", description: "What is new at Inkpot" },
      { id: "top_offers", name: "Offers <script>alert(1)</script>", description: "" },
    ],
    colours: { background: "#ffffff", text: "#1d2433", accent: "#1f4fd1", accentText: "#ffffff" },
    honeypotName: "website",
    ...overrides,
  };
}
