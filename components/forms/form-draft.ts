// The form builder's state: the form as the API takes it (no second model), changed by small actions
// that a pure reducer applies (form-draft.test.ts), so the builder, the preview and the save read one value.
import type { Form, FormInput } from "./forms-client";

export type FieldName = "email" | "firstName" | "lastName" | "birthdate" | "address" | "city" | "state" | "country" | "postalCode";
export type DraftField = { name: FieldName; label: string; required: boolean };
export type Trigger = { type: "delay"; seconds: number } | { type: "exitIntent" } | { type: "scroll"; percent: number };

export type Draft = {
  name: string;
  status: "active" | "paused";
  doubleOptIn: boolean;
  topicIDs: string[];
  fields: DraftField[];
  texts: { title: string; description: string; button: string; success: string; consent: string };
  colours: { background: string; text: string; accent: string; accentText: string };
  display: { mode: "inline" | "popup" | "page"; trigger: Trigger | null };
};

export const FIELD_CHOICES: { name: FieldName; label: string }[] = [
  { name: "firstName", label: "First name" },
  { name: "lastName", label: "Last name" },
  { name: "birthdate", label: "Birthday" },
  { name: "address", label: "Address" },
  { name: "city", label: "City" },
  { name: "state", label: "State" },
  { name: "country", label: "Country" },
  { name: "postalCode", label: "Postal code" },
];

export const NEW_DRAFT: Draft = {
  name: "Newsletter signup",
  status: "active",
  doubleOptIn: true,
  topicIDs: [],
  fields: [
    { name: "email", label: "Email", required: true },
    { name: "firstName", label: "First name", required: false },
  ],
  texts: {
    title: "Subscribe to our newsletter",
    description: "News, offers and stories, about twice a month.",
    button: "Subscribe",
    success: "Thanks! Check your inbox to confirm your subscription.",
    consent: "I agree to receive marketing emails. I can unsubscribe at any time.",
  },
  colours: { background: "#ffffff", text: "#1f2328", accent: "#4f46e5", accentText: "#ffffff" },
  display: { mode: "inline", trigger: null },
};

export const draftOf = (form: Form): Draft => ({
  name: form.name,
  status: form.status,
  doubleOptIn: form.doubleOptIn,
  topicIDs: form.topicIDs,
  fields: form.fields as DraftField[],
  texts: form.texts,
  colours: form.colours,
  display: form.display as Draft["display"],
});

export const inputOf = (draft: Draft): FormInput => draft;

export type DraftAction =
  | { type: "set"; key: "name" | "status" | "doubleOptIn"; value: string | boolean }
  | { type: "text"; key: keyof Draft["texts"]; value: string }
  | { type: "colour"; key: keyof Draft["colours"]; value: string }
  | { type: "toggleField"; name: FieldName; on: boolean }
  | { type: "field"; name: FieldName; label?: string; required?: boolean }
  | { type: "moveField"; name: FieldName; by: -1 | 1 }
  | { type: "toggleTopic"; id: string; on: boolean }
  | { type: "mode"; mode: Draft["display"]["mode"] }
  | { type: "trigger"; trigger: Trigger }
  | { type: "reset"; draft: Draft };

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case "set":
      return { ...draft, [action.key]: action.value };
    case "text":
      return { ...draft, texts: { ...draft.texts, [action.key]: action.value } };
    case "colour":
      return { ...draft, colours: { ...draft.colours, [action.key]: action.value } };
    case "toggleField": {
      if (action.name === "email") return draft;
      const has = draft.fields.some((f) => f.name === action.name);
      if (action.on === has) return draft;
      const label = FIELD_CHOICES.find((c) => c.name === action.name)!.label;
      return {
        ...draft,
        fields: action.on
          ? [...draft.fields, { name: action.name, label, required: false }]
          : draft.fields.filter((f) => f.name !== action.name),
      };
    }
    case "field":
      return {
        ...draft,
        fields: draft.fields.map((f) =>
          f.name === action.name
            ? {
                ...f,
                ...(action.label !== undefined ? { label: action.label } : {}),
                ...(action.required !== undefined && f.name !== "email" ? { required: action.required } : {}),
              }
            : f,
        ),
      };
    case "moveField": {
      const i = draft.fields.findIndex((f) => f.name === action.name);
      const j = i + action.by;
      // email stays first
      if (i <= 0 || j <= 0 || j >= draft.fields.length) return draft;
      const fields = [...draft.fields];
      [fields[i], fields[j]] = [fields[j], fields[i]];
      return { ...draft, fields };
    }
    case "toggleTopic": {
      const has = draft.topicIDs.includes(action.id);
      if (action.on === has) return draft;
      return { ...draft, topicIDs: action.on ? [...draft.topicIDs, action.id] : draft.topicIDs.filter((t) => t !== action.id) };
    }
    case "mode":
      return {
        ...draft,
        display: { mode: action.mode, trigger: action.mode === "popup" ? (draft.display.trigger ?? { type: "delay", seconds: 5 }) : null },
      };
    case "trigger":
      return draft.display.mode === "popup" ? { ...draft, display: { mode: "popup", trigger: action.trigger } } : draft;
    case "reset":
      return action.draft;
  }
}
