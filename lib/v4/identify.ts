// POST /v4/identify → POST /api/contacts. v4 answered 202 and created the contact later; the layer
// runs the very same upsert before answering (so the contact exists, and a conflict is reported, when
// the 202 arrives) and keeps v4's 202 with the contact's id.
import { ContactInput } from "@/lib/contacts/schemas";
import { upsertContact } from "@/lib/contacts/upsert-contact";
import { ApiProblem } from "@/lib/http/problems";
import type { V4IdentifyInput } from "./schemas";

type ChannelChange = { channel: "email" | "sms"; createdAt?: string };

/** The current API's contact input for a v4 identify body (spec, Versioning rule 4). */
export function toContactInput(body: V4IdentifyInput): ContactInput {
  const { email, phoneNumber, optIns = [], optOuts = [], consents = [], ...profile } = body;
  const statusOf = (channel: "email" | "sms") => {
    const change = (list: ChannelChange[]) => list.find((c) => c.channel === channel);
    const optIn = change(optIns);
    const optOut = change(optOuts);
    const given = optIn
      ? { status: "subscribed" as const, at: optIn.createdAt }
      : optOut
        ? { status: "unsubscribed" as const, at: optOut.createdAt }
        : null;
    if (!given) return undefined;
    return { [channel]: { status: given.status, ...(given.at ? { statusChangedAt: given.at } : {}) } };
  };
  const consentOf = (channel: "email" | "sms") => {
    const found = consents.find((c) => c.channel === channel);
    if (!found) return {};
    const { channel: _channel, ...consent } = found;
    return { consent };
  };
  const identifiers: ContactInput["identifiers"] = [];
  if (email !== undefined) identifiers.push({ type: "email", id: email, channels: statusOf("email"), ...consentOf("email") });
  if (phoneNumber !== undefined) identifiers.push({ type: "phone", id: phoneNumber, channels: statusOf("sms"), ...consentOf("sms") });
  // Parsed again by the current schema: its contact-wide rules (unique tags, ...) apply unchanged.
  return ContactInput.parse({ identifiers, ...profile });
}

/** A conflict names the identifier as v4 sent it (email or phoneNumber), not as identifiers[i]. */
function inV4Terms(problem: ApiProblem, body: V4IdentifyInput): ApiProblem {
  const fields = [body.email !== undefined ? "email" : null, body.phoneNumber !== undefined ? "phoneNumber" : null].filter(
    (f) => f !== null,
  );
  const errors = problem.extra.errors?.map((e) => {
    const index = /^\/identifiers\/(\d+)\/id$/.exec(e.pointer)?.[1];
    const field = index === undefined ? undefined : fields[Number(index)];
    return field ? { ...e, field, pointer: `/${field}` } : e;
  });
  return new ApiProblem(problem.code, problem.detail, { ...problem.extra, errors });
}

export async function identifyV4(brandId: string, body: V4IdentifyInput): Promise<{ contactID: string }> {
  try {
    const { contact } = await upsertContact(brandId, toContactInput(body), { source: "v4" });
    return { contactID: contact.id };
  } catch (error) {
    if (error instanceof ApiProblem && error.code === "conflict") throw inV4Terms(error, body);
    throw error;
  }
}
