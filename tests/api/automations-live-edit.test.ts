// Live edits of an enabled workflow through the built server: the content of an email step (subject,
// template, sender, preview text) changes while contacts wait before it, and the email they are sent is
// the new one; anything structural keeps the published 409 (automation-enabled) naming what it was; every
// change is in the workflow's history (who, when, what).
import { describe, expect, it } from "vitest";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { createTemplate } from "./render-helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const textTemplate = (brand: TestBrand, text: string) =>
  createTemplate(brand.key, {
    name: text,
    sections: [{ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks: [{ id: "t", type: "text", text: `<p>${text}</p>` }] }] }] }],
  });

async function enabledWorkflow(brand: TestBrand, templateID: string, event: string) {
  const created = await api("/api/automations", {
    key: brand.key,
    body: {
      name: "Welcome",
      trigger: { condition: { event, origin: "api" } },
      blocks: [
        { temporaryID: "wait", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "m" } } },
        {
          temporaryID: "mail",
          type: "action",
          action: {
            type: "sendEmail",
            sendEmail: { templateID, language: "en_US", subject: "Old subject", preheader: "", senderName: "Shop" },
          },
        },
      ],
    },
  });
  const automation = await json(created);
  expect(created.status, JSON.stringify(automation)).toBe(201);
  expect((await api(`/api/automations/${automation.id}/enable`, { key: brand.key, method: "POST" })).status).toBe(200);
  return automation as { id: string; blocks: { id: string; type: string }[] };
}

const patch = (brand: TestBrand, id: string, body: unknown) => api(`/api/automations/${id}`, { key: brand.key, method: "PATCH", body });

describe("live edits of an enabled workflow", () => {
  it("refuses structural changes while enabled with a problem naming each, and changes nothing", async () => {
    const brand = await createTestBrand();
    const { id: template } = await textTemplate(brand, "Hello");
    const a = await enabledWorkflow(brand, template, "structural check");
    const [wait, mail] = a.blocks;
    const refused = await expectProblem(
      await patch(brand, a.id, {
        name: "Renamed",
        blocks: [
          { id: wait.id, type: "delay", delay: { mode: "duration", duration: { amount: 2, units: "d" } } },
          { id: mail.id, type: "action", action: { type: "sendEmail", sendEmail: { subject: "fine", isSkipAllowed: false } } },
        ],
      }),
      409,
      "automation-enabled",
    );
    expect(refused.detail).toMatch(/only the content of its email steps/);
    // field: the dot path without array indices (API-CONTRACT); pointer: with them.
    expect(refused.errors.map((e: { field: string; pointer: string; code: string }) => [e.field, e.pointer, e.code])).toEqual([
      ["name", "/name", "structural_change"],
      ["blocks", "/blocks/0", "structural_change"],
      ["blocks.action.sendEmail.isSkipAllowed", "/blocks/1/action/sendEmail/isSkipAllowed", "structural_change"],
    ]);
    await expectProblem(
      await api(`/api/automations/${a.id}/blocks`, { key: brand.key, method: "PUT", body: { blocks: [{ id: mail.id, type: "action" }] } }),
      409,
      "automation-enabled",
    );
    const after = await json(await api(`/api/automations/${a.id}`, { key: brand.key }));
    expect(after.name).toBe("Welcome");
    expect(after.blocks[1].action.sendEmail.subject).toBe("Old subject");
    expect((await json(await api(`/api/automations/${a.id}/history`, { key: brand.key }))).history).toEqual([]);
    // A template of another brand, or none, is refused as in any PATCH.
    await expectProblem(
      await patch(brand, a.id, {
        blocks: [{ id: mail.id, type: "action", action: { type: "sendEmail", sendEmail: { templateID: "0".repeat(24) } } }],
      }),
      400,
      "validation-failed",
    );
  });

  it("a content change applies to the email of a contact already waiting before the step, and is in the history", async () => {
    const brand = await createTestBrand();
    const { id: before } = await textTemplate(brand, "The old body");
    const { id: after } = await textTemplate(brand, "The new body");
    const event = "joined the club";
    const a = await enabledWorkflow(brand, before, event);
    const mail = a.blocks[1];
    const contact = await api("/api/contacts", {
      key: brand.key,
      body: { identifiers: [{ type: "email", id: "member@example.com", channels: { email: { status: "subscribed" } } }] },
    });
    expect([200, 201]).toContain(contact.status);
    const sent = await api("/api/events", {
      key: brand.key,
      body: { eventName: event, origin: "api", contact: { email: "member@example.com" }, properties: {} },
    });
    expect(sent.status).toBe(202);
    // The contact is waiting at the one-minute delay when the email's content changes.
    for (let i = 0; i < 30; i++) {
      const figures = await json(await api(`/api/automations/${a.id}/figures`, { key: brand.key }));
      if (figures.entered >= 1) break;
      await sleep(1000);
    }
    const changed = await patch(brand, a.id, {
      blocks: [
        {
          id: mail.id,
          type: "action",
          action: {
            type: "sendEmail",
            sendEmail: { subject: "New subject", preheader: "Fresh", senderName: "The Shop", templateID: after },
          },
        },
      ],
    });
    const body = await json(changed);
    expect(changed.status, JSON.stringify(body)).toBe(200);
    expect(body.isEnabled).toBe(true);
    expect(body.blocks[1].action.sendEmail).toMatchObject({ subject: "New subject", preheader: "Fresh", contentID: after });

    let message: { id: string; status: string; subject?: string } | undefined;
    for (let i = 0; i < 150 && message?.status !== "sent"; i++) {
      await sleep(1000);
      const list = await json(await api(`/api/messages?sourceKind=automation&sourceID=${a.id}`, { key: brand.key }));
      message = list.messages?.[0];
    }
    expect(message?.status).toBe("sent");
    const read = await json(await api(`/api/messages/${message!.id}`, { key: brand.key }));
    expect(JSON.stringify(read)).toContain("New subject");
    expect(read.body.html).toContain("The new body");
    expect(read.body.html).not.toContain("The old body");

    const { history } = await json(await api(`/api/automations/${a.id}/history`, { key: brand.key }));
    expect(history).toHaveLength(1);
    // The contact was waiting at the delay: no email of the step was queued yet (tests/api/automations-live-edit-queued.test.ts has one).
    expect(history[0]).toMatchObject({ live: true, actor: { kind: "api-key", name: "An API key" }, queuedEmails: 0 });
    expect(Date.now() - Date.parse(history[0].at)).toBeLessThan(10 * 60_000);
    expect(history[0].changes).toEqual([
      { kind: "email", blockID: mail.id, field: "subject", from: "Old subject", to: "New subject", queuedEmails: 0 },
      { kind: "email", blockID: mail.id, field: "preheader", from: "", to: "Fresh", queuedEmails: 0 },
      { kind: "email", blockID: mail.id, field: "senderName", from: "Shop", to: "The Shop", queuedEmails: 0 },
      { kind: "email", blockID: mail.id, field: "templateID", from: before, to: after, queuedEmails: 0 },
    ]);
  }, 240_000);
});
