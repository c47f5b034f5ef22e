import { describe, expect, it } from "vitest";
import type { Block } from "../automations-client";
import { changesStructure, editsOf, editsReducer, liveEditBody, type Draft } from "./draft";
import { SKIP_REASON_WORDS } from "@/components/campaigns/campaign-words";
import { mergeTagLabel } from "@/lib/templates/merge-tags";
import { NOT_SENT_REASONS, notSentReason, outcomeWord, readableTags, tagLabel } from "./words";

const email: Block = {
  id: "e1",
  type: "action",
  action: {
    type: "sendEmail",
    sendEmail: { contentID: "t1", isSkipAllowed: true, language: "en_US", preheader: "", subject: "Hi", senderName: "Shop" },
  },
};
const delay: Block = { id: "d1", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "d" } } };
const draft: Draft = {
  name: "Flow",
  trigger: { condition: { event: "added product to cart", origin: "api" } },
  blocks: [delay, email],
  exitConditions: [],
  settings: { sendingThresholds: { email: "subscribed", sms: "subscribed" } },
};
const withEmail = (d: Draft, change: Record<string, unknown>): Draft => ({
  ...d,
  blocks: [delay, { ...email, action: { type: "sendEmail", sendEmail: { ...(email as any).action.sendEmail, ...change } } } as Block],
});

describe("undo and redo", () => {
  it("undoes and redoes whole edits; a new edit drops what was undone", () => {
    let s = editsOf(draft);
    s = editsReducer(s, { type: "rename", name: "A", at: 0 });
    s = editsReducer(s, { type: "remove", key: "d1", at: 5000 });
    expect(s.present.blocks).toHaveLength(1);
    s = editsReducer(s, { type: "undo" });
    expect(s.present.blocks).toHaveLength(2);
    expect(s.present.name).toBe("A");
    s = editsReducer(s, { type: "undo" });
    expect(s.present).toBe(draft);
    expect(editsReducer(s, { type: "undo" })).toBe(s);
    s = editsReducer(s, { type: "redo" });
    expect(s.present.name).toBe("A");
    s = editsReducer(s, { type: "rename", name: "B", at: 9000 });
    expect(s.future).toEqual([]);
    expect(editsReducer(s, { type: "redo" })).toBe(s);
  });

  it("merges keystrokes in one field into one step, not edits a while apart", () => {
    let s = editsOf(draft);
    s = editsReducer(s, { type: "rename", name: "F", at: 0 });
    s = editsReducer(s, { type: "rename", name: "Fl", at: 300 });
    s = editsReducer(s, { type: "rename", name: "Flo", at: 600 });
    expect(s.past).toHaveLength(1);
    s = editsReducer(s, { type: "rename", name: "Flow 2", at: 5000 });
    expect(s.past).toHaveLength(2);
    expect(editsReducer(s, { type: "undo" }).present.name).toBe("Flo");
  });
});

describe("live edits", () => {
  it("sends only the changed content fields of saved email steps", () => {
    const next = withEmail(draft, { subject: "Hello [[contact.first_name | there]]", templateID: "t2" });
    expect(changesStructure(next, draft)).toBe(false);
    expect(liveEditBody(next, draft)).toEqual({
      blocks: [
        {
          id: "e1",
          type: "action",
          action: { type: "sendEmail", sendEmail: { subject: "Hello [[contact.first_name | there]]", templateID: "t2" } },
        },
      ],
    });
    expect(liveEditBody(draft, draft)).toBeNull();
  });

  it("clears the preview text, and refuses rather than drops a field the API takes no empty value for", () => {
    const withPreheader = withEmail(draft, { preheader: "Ten percent off" });
    expect(liveEditBody(draft, withPreheader)).toEqual({
      blocks: [{ id: "e1", type: "action", action: { type: "sendEmail", sendEmail: { preheader: "" } } }],
    });
    expect(() => liveEditBody(withEmail(draft, { subject: "" }), draft)).toThrow(/subject cannot be empty.*Nothing was saved/);
    const withSender = withEmail(draft, { senderEmail: "shop@example.com" });
    expect(() => liveEditBody(draft, withSender)).toThrow(/sender address cannot be emptied/);
  });

  it("tells a structural change apart (a step removed, skipping changed, the name)", () => {
    expect(changesStructure({ ...draft, blocks: [email] }, draft)).toBe(true);
    expect(changesStructure(withEmail(draft, { isSkipAllowed: false }), draft)).toBe(true);
    expect(changesStructure({ ...draft, name: "Other" }, draft)).toBe(true);
  });
});

describe("words", () => {
  it("shows merge tags by their labels, unknown ones readable", () => {
    expect(readableTags("Hi [[contact.first_name | friend]], your [[event.cartID]]")).toBe("Hi {First name}, your {Event: cart ID}");
    expect(tagLabel("contact.custom_properties.tier")).toBe("tier");
    expect(outcomeWord("wouldSend")).toBe("would be sent");
    expect(outcomeWord("queued")).toBe("handed to delivery");
    expect(outcomeWord("someNewKey")).toBe("some New Key");
  });

  it("says the simulation's topic outcomes and the engine's topic reasons in words (never the raw key)", () => {
    expect(outcomeWord("unsubscribedFromTopic")).toBe("left the topic");
    expect(outcomeWord("notSubscribedToTopic")).toBe("not in the topic");
    expect(notSentReason("suppressed:unsubscribed-from-topic")).toBe("unsubscribed from the email's topic");
    expect(notSentReason("not-subscribed-to-topic")).toBe("not subscribed to the email's topic");
  });

  it("says a skipped email as the campaign report does, and a catalogue tag as the template editor does (one list each)", () => {
    expect(NOT_SENT_REASONS).toMatchObject(SKIP_REASON_WORDS);
    for (const path of ["contact.first_name", "contact.email"]) expect(tagLabel(path)).toBe(mergeTagLabel(path));
  });
});
