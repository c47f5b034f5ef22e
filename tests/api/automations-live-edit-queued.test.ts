// A live edit reaches the emails already queued (issue 41, "changes apply to emails not yet sent"): an enabled
// workflow's email step whose subject changes while one of its emails waits in the delivery pipeline (its source
// paused: held, not sent) sends that email with the new subject, to the SMTP sink of the built server
// (tests/api/delivery-setup.ts); the email sent before the edit keeps the old one, and the history entry says how
// many queued emails took the change. Before, only emails handed to the pipeline after the edit got it.
import { describe, expect, it } from "vitest";
import { created as ok, deliveryFile, mailsTo, newShop } from "./automation-setup";
import { oneTextBlockTemplate } from "./delivery-setup";
import { until } from "./until";

const delivery = deliveryFile(() => import("@/lib/delivery"));

const source = (automationId: string) => ({ kind: "automation", id: automationId });

const subjectsTo = async (name: string) => (await mailsTo(delivery.env, name)).map((m) => m.subject);

describe("a live edit of an enabled workflow's email", () => {
  it("applies to the step's emails still queued or paused, not to one already sent, and says how many in the history", async () => {
    const { brandId, call } = await newShop(delivery);
    const template = await ok(await call("/api/email-templates", { body: oneTextBlockTemplate("Welcome", "<p>Hi</p>") }), 201);
    const event = "joined the club";
    const automation = await ok(
      await call("/api/automations", {
        body: {
          name: "Welcome",
          trigger: { condition: { event, origin: "api" } },
          blocks: [
            {
              temporaryID: "mail",
              type: "action",
              action: {
                type: "sendEmail",
                sendEmail: { templateID: template.id, language: "en_US", subject: "Old subject", preheader: "", senderName: "Shop" },
              },
            },
          ],
        },
      }),
      201,
    );
    await ok(await call(`/api/automations/${automation.id}/enable`, { method: "POST", body: {} }), 200);
    const join = async (name: string) => {
      const contact = await call("/api/contacts", {
        body: { identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status: "subscribed" } } }] },
      });
      expect([200, 201], JSON.stringify(contact.body)).toContain(contact.status);
      await ok(
        await call("/api/events", { body: { eventName: event, origin: "api", contact: { email: `${name}@inbox.test` }, properties: {} } }),
        202,
      );
    };
    const messageTo = (name: string) =>
      delivery.lib.db.message.findFirst({
        where: { brandId, sourceId: automation.id, email: `${name}@inbox.test` },
        select: { status: true, content: { select: { subject: true } } },
      });

    // Ann's email goes out before the edit.
    await join("ann");
    await until(
      () => subjectsTo("ann"),
      (s) => s.length === 1,
      60_000,
    );
    expect(await subjectsTo("ann")).toEqual(["Old subject"]);

    // Bob's is held in the pipeline (its source paused, as a refused mail server setting pauses it): the worker
    // claimed it, found the source paused and put it back, so no worker holds it when the edit comes.
    await delivery.lib.pauseSource(brandId, source(automation.id), "held by the test");
    await join("bob");
    await until(
      () => messageTo("bob"),
      (m) => m?.status === "paused",
      60_000,
    );

    const mail = automation.blocks[0];
    const edited = await call(`/api/automations/${automation.id}`, {
      method: "PATCH",
      body: { blocks: [{ id: mail.id, type: "action", action: { type: "sendEmail", sendEmail: { subject: "New subject" } } }] },
    });
    expect((await ok(edited, 200)).blocks[0].action.sendEmail.subject).toBe("New subject");

    await delivery.lib.resumeSource(brandId, source(automation.id));
    await until(
      () => subjectsTo("bob"),
      (s) => s.length === 1,
      60_000,
    );
    expect(await subjectsTo("bob")).toEqual(["New subject"]);
    // The email sent before the edit is as it was sent.
    expect(await messageTo("ann")).toMatchObject({ status: "sent", content: { subject: "Old subject" } });
    expect(await subjectsTo("ann")).toEqual(["Old subject"]);

    // The history entry says how many queued emails took the change.
    const { history } = await ok(await call(`/api/automations/${automation.id}/history`), 200);
    expect(history[0]).toMatchObject({
      live: true,
      queuedEmails: 1,
      changes: [{ kind: "email", blockID: mail.id, field: "subject", from: "Old subject", to: "New subject", queuedEmails: 1 }],
    });
  }, 240_000);
});
