// Applies a contact input to one contact inside a transaction: profile fields sent, identifiers merged
// by (type, id), tags replaced, custom properties merged key by key, and every status change recorded.
import type { DbClient } from "@/lib/db";
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

export async function createEmptyContact(tx: DbClient, ctx: WriteContext): Promise<string> {
  const id = newId(ctx.now);
  await tx.contact.create({ data: { id, brandId: ctx.brandId, customProperties: {}, createdAt: ctx.now, updatedAt: ctx.now } });
  return id;
}

export async function applyContactInput(tx: DbClient, contactId: string, input: ContactPatch, ctx: WriteContext): Promise<void> {
  const current = await tx.contact.findFirst({
    where: { id: contactId, brandId: ctx.brandId },
    select: { customProperties: true, identifiers: { select: { id: true, type: true, value: true, status: true } } },
  });
  if (!current) throw new ApiProblem("not-found", `Contact ${contactId} does not exist`);

  const data: Record<string, unknown> = { updatedAt: ctx.now };
  for (const key of PROFILE_KEYS) {
    const value = input[key];
    if (value !== undefined) data[key] = value === "" ? null : value;
  }
  if (input.customProperties) data.customProperties = mergeCustomProperties(current.customProperties as Record<string, unknown>, input.customProperties);

  if (input.tags) {
    await tx.contactTag.deleteMany({ where: { contactId } });
    if (input.tags.length > 0) await tx.contactTag.createMany({ data: input.tags.map((tag) => ({ contactId, brandId: ctx.brandId, tag })) });
  }

  const existing = new Map(current.identifiers.map((i) => [`${i.type}:${i.value}`, i]));
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
      await tx.contactIdentifier.create({
        data: {
          id: newId(ctx.now), brandId: ctx.brandId, contactId, type, value, status, statusChangedAt,
          consent: consent ?? undefined, sendWelcomeMessage: identifier.sendWelcomeMessage ?? true, createdAt: ctx.now,
        },
      });
      existing.set(`${type}:${value}`, { id: "", type, value, status });
    }
    if (changed) {
      await tx.contactStatusChange.create({
        data: { id: newId(ctx.now), brandId: ctx.brandId, contactId, identifierType: type, identifier: value, channel, from: found?.status ?? null, to: status, source: ctx.source, at: statusChangedAt },
      });
    }
  }

  await tx.contact.update({ where: { id: contactId }, data });
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

/** Runs `work` in a transaction, again when a concurrent writer won a unique identifier first. */
export async function withIdentifierRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "P2002" || attempt >= 5) throw error;
    }
  }
}
