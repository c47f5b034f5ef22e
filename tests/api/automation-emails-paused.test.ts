// An automation whose emails the delivery pipeline paused (a mail server setting it refused, issue 39; or its
// bounce rate) says so: the list's and the canvas's figures carry the reason (emailsPaused), and enabling the
// workflow again after a disable that kept its contacts resumes its held emails. Before, the pause of an
// automation's source showed nowhere and nothing but the database could lift it. The pipeline's pauses (a
// setting, a rate) hold an active source only: a canceled one stays canceled.
import { describe, expect, it } from "vitest";
import { automationSource } from "@/lib/automations/engine/messages";
import { cancelSource, pauseSource, sourceState } from "@/lib/delivery";
import { pauseForSetting } from "@/lib/delivery/sources";
import { api, createTestBrand, json } from "./helpers";

const REASON = "The mail server's TLS certificate was not trusted (check SMTP_HOST and SMTP_TLS_CA_FILE): test";

describe("an automation whose emails the pipeline paused", () => {
  it("shows the reason in its figures, and enabling it again resumes its emails", async () => {
    const brand = await createTestBrand();
    const created = await api("/api/automations", {
      key: brand.key,
      body: {
        name: "Paused emails",
        trigger: { condition: { event: "joined club", origin: "api" } },
        blocks: [
          {
            temporaryID: "h",
            type: "action",
            action: { type: "sendWebhook", sendWebhook: { callbackUrl: "http://127.0.0.1:9/hook", body: "{}" } },
          },
        ],
      },
    });
    const automation = await json(created);
    expect(created.status, JSON.stringify(automation)).toBe(201);
    const enable = () => api(`/api/automations/${automation.id}/enable`, { key: brand.key, method: "POST" });
    expect((await enable()).status).toBe(200);

    const figures = async () => ({
      list: (await json(await api(`/api/automations/figures?id=${automation.id}`, { key: brand.key }))).figures[0],
      canvas: await json(await api(`/api/automations/${automation.id}/figures`, { key: brand.key })),
    });
    expect(await figures()).toMatchObject({ list: { emailsPaused: null }, canvas: { emailsPaused: null } });

    expect(await pauseForSetting(brand.brandId, automationSource(automation.id), REASON)).toBe(true);
    // A second worker's pause of the same source changes nothing (so only the first logs its line).
    expect(await pauseForSetting(brand.brandId, automationSource(automation.id), "another reason")).toBe(false);
    expect(await figures()).toMatchObject({ list: { emailsPaused: REASON }, canvas: { emailsPaused: REASON } });

    const disabled = await api(`/api/automations/${automation.id}/disable`, {
      key: brand.key,
      body: { contactsInWorkflow: "keep" },
    });
    expect(disabled.status, JSON.stringify(await json(disabled))).toBe(200);
    expect((await enable()).status).toBe(200);
    expect(await sourceState(brand.brandId, automationSource(automation.id))).toMatchObject({ status: "active" });
    expect(await figures()).toMatchObject({ list: { emailsPaused: null }, canvas: { emailsPaused: null } });
  });

  it("leaves a canceled source canceled: the rate's pause holds an active source only, as a setting's does", async () => {
    const brand = await createTestBrand();
    const source = { kind: "campaign", id: "canceled-campaign" };
    await cancelSource(brand.brandId, source);
    // pauseIfRatesTooHigh's form: before, it checked the state and then paused unconditionally, so a cancel in
    // between became a pause (and resuming it would have sent the canceled campaign's mail).
    expect(await pauseSource(brand.brandId, source, "Bounce rate 60% (3 of 5) passed 50%", { onlyIfActive: true })).toBeNull();
    expect(await pauseForSetting(brand.brandId, source, REASON)).toBe(false);
    expect(await sourceState(brand.brandId, source)).toMatchObject({ status: "canceled" });
  });
});
