// Applies a contact input to one contact inside a transaction: profile fields sent, identifiers merged
// by (type, id), tags replaced, custom properties merged key by key, and every status change recorded.
import type { DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { CHANNEL_OF, normalizeIdentifier, type IdentifierType } from "./identifiers";
import { MAX_CUSTOM_PROPERTIES, type ContactPatch } from "./schemas";

export type WriteContext = { brandId: string; source: string; now: Date };

const PROFILE_KEYS = ["firstName", "lastName", "gender", "birthdate", "address", "city", "state", "country", "countryCode", "postalCode"] as const;

export type NormalizedIdentifier = { index: number; type: IdentifierType; value: string };

export function normalizedIdentifiers(input: ContactPatch): NormalizedIdentifier[] {
  return (input.identifiers ?? []).map((identifier, index) => ({
    index,
    type: identifier.type,
    // the schema already rejected values that do not normalize
    value: normalizeIdentifier(identifier.type, identifier.id)!,
  }));
}

/** Owners of the given identifier values in the brand, keyed "type:value". */
export async function identifierOwners(tx: DbClient, brandId: string, identifiers: NormalizedIdentifier[]): Promise<Map<string, string>> {
  if (identifiers.length === 0) return new Map();
  const rows = await tx.contactIdentifier.findMany({
    where: { brandId, OR: identifiers.map(({ type, value }) => ({ type, value })) },
    select: { type: true, value: true, contactId: true },
  });
  return new Map(rows.map((r) => [`${r.type}:${r.value}`, r.contactId]));
}

/** 409 when one of the identifiers already belongs to a contact other than `contactId`. */
export function assertIdentifiersFree(identifiers: NormalizedIdentifier[], owners: Map<string, string>, contactId: string | null) {
  const taken = identifiers.filter((i) => {
    const owner = owners.get(`${i.type}:${i.value}`);
    return owner !== undefined && owner !== contactId;
  });
  if (taken.length === 0) return;
  throw new ApiProblem("conflict", `${taken.map((t) => `${t.type} ${t.value}`).join(", ")} already belong${taken.length === 1 ? "s" : ""} to another contact`, {
    errors: taken.map((t) => ({ field: "identifiers.id", pointer: `/identifiers/${t.index}/id`, code: "identifier_taken", message: `${t.type} ${t.value} belongs to another contact` })),
  });
}

type Current = { customProperties: Record<string, unknown>; identifiers: { id: string; type: string; value: string; status: string }[] };

async function loadCurrent(tx: DbClient, contactId: string, brandId: string): Promise<Current> {
  const current = await tx.contact.findFirst({
    where: { id: contactId, brandId },
    select: { customProperties: true, identifiers: { select: { id: true, type: true, value: true, status: true } } },
  });
  if (!current) throw new ApiProblem("not-found", `Contact ${contactId} does not exist`);
  return { customProperties: current.customProperties as Record<string, unknown>, identifiers: current.identifiers };
}

/**
 * Writes `input` to the contact `contactId`, or to a new contact when it is null; returns the id.
 * Statements are batched (one insert per table) because every round trip counts on a busy SQLite.
 */
export async function writeContact(tx: DbClient, contactId: string | null, input: ContactPatch, ctx: WriteContext): Promise<string> {
  const current: Current = contactId ? await loadCurrent(tx, contactId, ctx.brandId) : { customProperties: {}, identifiers: [] };
  const id = contactId ?? newId(ctx.now);

  const data: Record<string, unknown> = { updatedAt: ctx.now };
  for (const key of PROFILE_KEYS) {
    const value = input[key];
    if (value !== undefined) data[key] = value === "" ? null : value;
  }
  if (input.customProperties) data.customProperties = mergeCustomProperties(current.customProperties, input.customProperties);
  if (contactId) await tx.contact.update({ where: { id }, data });
  else await tx.contact.create({ data: { customProperties: {}, ...data, id, brandId: ctx.brandId, createdAt: ctx.now } as Prisma.ContactUncheckedCreateInput });

  if (input.tags) {
    if (contactId) await tx.contactTag.deleteMany({ where: { contactId: id } });
    if (input.tags.length > 0) await tx.contactTag.createMany({ data: input.tags.map((tag) => ({ contactId: id, brandId: ctx.brandId, tag })) });
  }

  const existing = new Map(current.identifiers.map((i) => [`${i.type}:${i.value}`, i]));
  const creates = [];
  const history = [];
  for (const identifier of input.identifiers ?? []) {
    const type = identifier.type;
    const value = normalizeIdentifier(type, identifier.id)!;
    const channel = CHANNEL_OF[type];
    const given = identifier.channels?.[channel];
    const found = existing.get(`${type}:${value}`);
    const status = given?.status ?? found?.status ?? "nonSubscribed";
    const changed = !found || found.status !== status;
    const statusChangedAt = given?.statusChangedAt ? new Date(given.statusChangedAt) : ctx.now;
    const consent = identifier.consent
      ? { ...identifier.consent, createdAt: identifier.consent.createdAt ? new Date(identifier.consent.createdAt).toISOString() : ctx.now.toISOString() }
      : undefined;

    if (found) {
      const update: Record<string, unknown> = {};
      if (changed || given?.statusChangedAt) Object.assign(update, { status, statusChangedAt });
      if (consent) update.consent = consent;
      if (identifier.sendWelcomeMessage !== undefined) update.sendWelcomeMessage = identifier.sendWelcomeMessage;
      if (Object.keys(update).length > 0) await tx.contactIdentifier.update({ where: { id: found.id }, data: update });
    } else {
      creates.push({
        id: newId(ctx.now), brandId: ctx.brandId, contactId: id, type, value, status, statusChangedAt,
        consent: consent ?? undefined, sendWelcomeMessage: identifier.sendWelcomeMessage ?? true, createdAt: ctx.now,
      });
    }
    if (changed) {
      history.push({ id: newId(ctx.now), brandId: ctx.brandId, contactId: id, identifierType: type, identifier: value, channel, from: found?.status ?? null, to: status, source: ctx.source, at: statusChangedAt });
    }
  }
  if (creates.length > 0) await tx.contactIdentifier.createMany({ data: creates });
  if (history.length > 0) await tx.contactStatusChange.createMany({ data: history });
  return id;
}

function mergeCustomProperties(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > MAX_CUSTOM_PROPERTIES) {
    throw new ApiProblem("validation-failed", `A contact has at most ${MAX_CUSTOM_PROPERTIES} custom properties`, {
      errors: [{ field: "customProperties", pointer: "/customProperties", code: "too_big", message: `the merged custom properties would have ${Object.keys(merged).length} keys; at most ${MAX_CUSTOM_PROPERTIES}` }],
    });
  }
  return merged;
}

/**
 * Interactive transaction limits: SQLite runs one write transaction at a time, so under a burst of
 * upserts a transaction may wait well beyond Prisma's 2 s default before it starts.
 */
export const TRANSACTION_OPTIONS = { maxWait: 20_000, timeout: 20_000 };

/**
 * A write that lost a race and can simply run again: a unique identifier a concurrent writer created
 * first (P2002; the retry then finds it and updates), or SQLite refusing a read transaction's upgrade
 * to a write because another connection committed meanwhile (SQLITE_BUSY_SNAPSHOT; Prisma has no
 * BEGIN IMMEDIATE).
 */
function isLostRace(error: unknown): boolean {
  const e = error as { code?: string; message?: string; meta?: unknown; cause?: unknown };
  if (e?.code === "P2002") return true;
  let detail = "";
  try {
    detail = JSON.stringify(e?.meta ?? null);
  } catch {
    /* not serializable */
  }
  return /SQLITE_BUSY|database is locked/i.test(`${e?.message ?? ""} ${detail} ${String(e?.cause ?? "")}`);
}

/** Runs `run` (a transaction) again when it lost a race; see isLostRace. */
export async function withIdentifierRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isLostRace(error) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
  }
}
