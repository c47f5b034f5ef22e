// Revenue attribution, kept as orders arrive (docs/campaigns.md, "Revenue"): the events worker hands each
// batch's processed events here, in its commit transaction. A `placed order` is attributed to the email
// its contact last clicked within the brand's window (the click model) and, apart, to the email last
// opened or clicked (the opens model), the email being the Message row that Inkwell's own click or open
// event names (never a posted event's properties); `order refunded` and `order canceled` take their
// amount back from the same attribution, each once (OrderAdjustment), kept for an order that has not
// arrived yet. Each order's attribution is a row keyed by (brand, orderID, model): an event sent
// again (a store's retry, a replay) finds the row and counts nothing, which is why it is stored when the
// event is processed rather than computed on read. The counters (orders, revenue, ...) are MessageCounter
// rows of the email's source and part, on the order's day, so every report reads them as it reads opens.
import type { SqlRunner } from "@/lib/db/sql";
import { dateValue, jsonValue, numberValue } from "@/lib/db/values";
import { CounterBatch, type Metric } from "../counters";
import { EVENT_NAMES } from "../outcomes/outcomes";
import { revenueSettingsIn } from "./revenue-settings";

export const ORDER_EVENTS = { placed: "placed order", refunded: "order refunded", canceled: "order canceled" } as const;
const ORDER_EVENT_NAMES: readonly string[] = Object.values(ORDER_EVENTS);
/** Emails that earn revenue: marketing sources (test sends and sender confirmations never do). */
export const ATTRIBUTED_KINDS = ["campaign", "automation"];
const DAY = 86_400_000;

export type OrderEvent = {
  brandId: string;
  contactId: string | null;
  eventName: string;
  eventID?: string | null;
  eventTime: Date;
  properties: Record<string, unknown>;
};
type Model = "click" | "open";
const METRIC: Record<Model, { orders: Metric; revenue: Metric }> = {
  click: { orders: "orders", revenue: "revenue" },
  open: { orders: "openOrders", revenue: "openRevenue" },
};
type Engagement = { messageId: string; sourceKind: string; sourceId: string; part: string; at: Date };

const hundredths = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.round(v * 100) : 0);
const orderIdOf = (p: Record<string, unknown>) =>
  typeof p.orderID === "string" && p.orderID.trim() ? p.orderID.trim() : typeof p.orderID === "number" ? String(p.orderID) : null;

/** The order's value: `value`, else its line items' prices times quantities. */
function valueOf(p: Record<string, unknown>): number {
  if (typeof p.value === "number") return hundredths(p.value);
  const items = Array.isArray(p.lineItems) ? (p.lineItems as Record<string, unknown>[]) : [];
  return items.reduce((sum, i) => sum + hundredths((Number(i?.productPrice) || 0) * (Number(i?.productQuantity) || 1)), 0);
}

/** Whether an event is one this module takes: the worker's hot path pays one test per event. */
export const isOrderEvent = (eventName: string) => ORDER_EVENT_NAMES.includes(eventName);

/**
 * The contact's last human click, and last human open or click, of a marketing email within [from, to].
 * Only the events Inkwell recorded (origin "inkwell"), and the source is that of the Message row they
 * name (the contact's own, live, with a human open or click on it): events.write lets anyone post an
 * event of the same name with any properties, which must not move revenue to a campaign of its choice.
 */
async function lastEngagements(tx: SqlRunner, brandId: string, contactId: string, from: Date, to: Date) {
  const rows = await tx.all<{ eventName: string; eventTime: unknown; properties: unknown }>(
    `SELECT "eventName", "eventTime", "properties" FROM "ContactEvent"
     WHERE "brandId" = ? AND "contactId" = ? AND "eventTime" >= ?ts AND "eventTime" <= ?ts AND "eventName" IN (?, ?) AND "origin" = 'inkwell'
     ORDER BY "eventTime" DESC, "id" DESC LIMIT 500`,
    [brandId, contactId, from, to, EVENT_NAMES.clicked, EVENT_NAMES.opened],
  );
  const hits = rows.flatMap((row) => {
    const p = jsonValue(row.properties) as Record<string, unknown>;
    if (p.machine === true || typeof p.messageID !== "string") return [];
    return [{ clicked: row.eventName === EVENT_NAMES.clicked, messageId: p.messageID, at: dateValue(row.eventTime) }];
  });
  const messages = await messagesOf(tx, brandId, contactId, [...new Set(hits.map((h) => h.messageId))]);
  let click: Engagement | null = null;
  let open: Engagement | null = null;
  for (const hit of hits) {
    const m = messages.get(hit.messageId);
    if (!m || (hit.clicked ? !m.clicked : !m.opened)) continue;
    const e = { messageId: hit.messageId, sourceKind: m.sourceKind, sourceId: m.sourceId, part: m.part, at: hit.at };
    open ??= e;
    if (hit.clicked) click ??= e;
    if (click) break;
  }
  return { click, open };
}

/** The contact's live marketing messages among the ids, with whether a person opened and clicked each. */
async function messagesOf(tx: SqlRunner, brandId: string, contactId: string, ids: string[]) {
  const found = new Map<string, { sourceKind: string; sourceId: string; part: string; opened: boolean; clicked: boolean }>();
  if (ids.length === 0) return found;
  const rows = await tx.all<{ id: string; sourceKind: string; sourceId: string; part: string; openedAt: unknown; clickedAt: unknown }>(
    `SELECT "id", "sourceKind", "sourceId", "part", "openedAt", "clickedAt" FROM "Message"
     WHERE "brandId" = ? AND "contactId" = ? AND "mode" = 'live' AND "id" IN (${ids.map(() => "?").join(", ")})`,
    [brandId, contactId, ...ids],
  );
  for (const r of rows)
    if (ATTRIBUTED_KINDS.includes(r.sourceKind))
      found.set(r.id, { ...r, opened: r.openedAt !== null || r.clickedAt !== null, clicked: r.clickedAt !== null });
  return found;
}

async function placed(
  tx: SqlRunner,
  e: OrderEvent,
  orderId: string,
  counters: CounterBatch,
  settings: { windowDays: number; currency: string },
) {
  if (!e.contactId) return;
  const found = await lastEngagements(tx, e.brandId, e.contactId, new Date(e.eventTime.getTime() - settings.windowDays * DAY), e.eventTime);
  const currency = typeof e.properties.currency === "string" ? e.properties.currency : null;
  const value = currency === null || currency === settings.currency ? valueOf(e.properties) : 0;
  const attributed: Model[] = [];
  for (const model of ["click", "open"] as const) {
    const m = found[model];
    if (!m) continue;
    const inserted = await tx.all<{ model: string }>(
      `INSERT INTO "OrderAttribution" ("brandId", "orderId", "model", "contactId", "messageId", "sourceKind", "sourceId", "part", "engagedAt", "orderedAt", "currency", "value", "refunded")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?ts, ?ts, ?, ?int, 0) ON CONFLICT DO NOTHING RETURNING "model"`,
      [e.brandId, orderId, model, e.contactId, m.messageId, m.sourceKind, m.sourceId, m.part, m.at, e.eventTime, currency, value],
    );
    if (inserted.length === 0) continue; // this order was attributed before: it counts once
    attributed.push(model);
    const key = { brandId: e.brandId, sourceKind: m.sourceKind, sourceId: m.sourceId, part: m.part };
    counters.add(key, METRIC[model].orders, e.eventTime).add(key, METRIC[model].revenue, e.eventTime, value);
  }
  if (attributed.length === 0) return;
  // Refunds and cancellations that arrived before the order (a store's events can come out of order).
  const earlier = await tx.all<{ eventName: string; amount: unknown; at: unknown }>(
    `SELECT "eventName", "amount", "at" FROM "OrderAdjustment" WHERE "brandId" = ? AND "orderId" = ? ORDER BY "at", "eventKey"`,
    [e.brandId, orderId],
  );
  for (const a of earlier)
    await adjust(
      tx,
      e.brandId,
      orderId,
      { canceled: a.eventName === ORDER_EVENTS.canceled, amount: numberValue(a.amount), at: dateValue(a.at) },
      counters,
      attributed,
    );
}

type Adjustment = { canceled: boolean; amount: number; at: Date };

/**
 * A refund or cancellation, kept once (OrderAdjustment's key: the event's eventID, else its time and
 * amount), so that the same event sent again takes nothing more, and applied to the order's attributions,
 * or kept for the order when it has none yet.
 */
async function reversed(tx: SqlRunner, e: OrderEvent, orderId: string, counters: CounterBatch) {
  const canceled = e.eventName === ORDER_EVENTS.canceled;
  const amount = canceled ? 0 : valueOf({ value: e.properties.value });
  const eventKey = e.eventID ?? `${e.eventTime.toISOString()} ${amount}`;
  const kept = await tx.all<{ eventKey: string }>(
    `INSERT INTO "OrderAdjustment" ("brandId", "orderId", "eventName", "eventKey", "amount", "at") VALUES (?, ?, ?, ?, ?int, ?ts)
     ON CONFLICT DO NOTHING RETURNING "eventKey"`,
    [e.brandId, orderId, e.eventName, eventKey, amount, e.eventTime],
  );
  if (kept.length === 0) return; // taken before
  await adjust(tx, e.brandId, orderId, { canceled, amount, at: e.eventTime }, counters);
}

/** Takes a refund (its amount) or a cancellation (all that is left, and the order) from the order's attributions (of the models named). */
async function adjust(tx: SqlRunner, brandId: string, orderId: string, a: Adjustment, counters: CounterBatch, models?: Model[]) {
  const rows = await tx.all<Record<string, unknown>>(
    `SELECT "model", "sourceKind", "sourceId", "part", "orderedAt", "value", "refunded", "canceledAt" FROM "OrderAttribution"
     WHERE "brandId" = ? AND "orderId" = ? ${tx.dialect.lockRows}`,
    [brandId, orderId],
  );
  for (const row of rows) {
    const model = row.model as Model;
    if ((models && !models.includes(model)) || (row.canceledAt !== null && row.canceledAt !== undefined)) continue;
    const left = numberValue(row.value) - numberValue(row.refunded);
    const amount = a.canceled ? left : Math.min(left, a.amount);
    if (amount <= 0 && !a.canceled) continue;
    await tx.run(
      `UPDATE "OrderAttribution" SET "refunded" = "refunded" + ?int, "canceledAt" = ?ts WHERE "brandId" = ? AND "orderId" = ? AND "model" = ?`,
      [amount, a.canceled ? a.at : null, brandId, orderId, model],
    );
    const key = { brandId, sourceKind: String(row.sourceKind), sourceId: String(row.sourceId), part: String(row.part) };
    // Taken back on the order's day: a day's revenue is that of the orders placed on it, net.
    const day = dateValue(row.orderedAt);
    counters.add(key, METRIC[model].revenue, day, -amount);
    if (a.canceled) counters.add(key, METRIC[model].orders, day, -1);
  }
}

/** Attributes the batch's orders, refunds and cancellations (events of other names are passed over). */
export async function attributeOrders(tx: SqlRunner, events: OrderEvent[]): Promise<void> {
  const orders = events.filter((e) => ORDER_EVENT_NAMES.includes(e.eventName));
  if (orders.length === 0) return;
  const counters = new CounterBatch();
  const settings = new Map<string, { windowDays: number; currency: string }>();
  for (const e of orders) {
    const orderId = orderIdOf(e.properties);
    if (!orderId) continue;
    if (e.eventName === ORDER_EVENTS.placed) {
      let s = settings.get(e.brandId);
      if (!s) settings.set(e.brandId, (s = await revenueSettingsIn(tx, e.brandId)));
      await placed(tx, e, orderId, counters, s);
    } else await reversed(tx, e, orderId, counters);
  }
  await counters.flush(tx);
}
