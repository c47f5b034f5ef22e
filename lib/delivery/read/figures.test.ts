// Each figure's one definition (docs/delivery.md "Figures"), and the source rates the auto-pause judges by.
import { describe, expect, it } from "vitest";
import { emptyCounts, figuresOf } from "./figures";
import { withRates } from "./stats";

const counts = {
  ...emptyCounts(),
  sent: 10,
  bounced: 2,
  opened: 4,
  opens: 7,
  clicked: 2,
  clicks: 5,
  complained: 1,
  unsubscribed: 1,
  pending: 1,
  failed: 1,
  skipped: 3,
  suppressed: 2,
};

describe("figures", () => {
  it("divides people's behaviour by delivered (sent - bounced) and bounces by sent", () => {
    expect(figuresOf(counts)).toMatchObject({
      delivered: 8,
      openRate: 0.5,
      clickRate: 0.25,
      clickThroughRate: 0.5,
      bounceRate: 0.2,
      complaintRate: 0.125,
      unsubscribeRate: 0.125,
      opens: 7,
      uniqueOpens: 4,
      clicks: 5,
      uniqueClicks: 2,
    });
  });

  it("reads revenue from hundredths, per recipient over recipients; the opens model apart", () => {
    const f = figuresOf({ ...counts, orders: 2, revenue: 12_050, openOrders: 3, openRevenue: 20_001 });
    expect(f).toMatchObject({ orders: 2, revenue: 120.5, openOrders: 3, openRevenue: 200.01 });
    expect(f.revenuePerRecipient).toBe(10.04); // 120.50 over 12 recipients, to the cent
    expect(figuresOf(emptyCounts()).revenuePerRecipient).toBe(0);
  });

  it("counts as recipients those the email went or goes to, never the skipped", () => {
    expect(figuresOf(counts).recipients).toBe(12);
  });

  it("gives a source's rates (the auto-pause's) by the same definitions", () => {
    const f = figuresOf(counts);
    expect(withRates(counts).rates).toEqual({
      open: f.openRate,
      click: f.clickRate,
      bounce: f.bounceRate,
      complaint: f.complaintRate,
      unsubscribe: f.unsubscribeRate,
    });
  });
});
