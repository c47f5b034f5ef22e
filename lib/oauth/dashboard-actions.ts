"use server";
// Server actions of the Developer apps, Connected apps and operator pages. Next.js refuses actions whose
// Origin is not this host (CSRF); each action checks the session and ownership again.
import { revalidatePath } from "next/cache";
import { notFound } from "next/navigation";
import { z } from "zod";
import { ApiProblem } from "@/lib/http/problems";
import { ClientRegistration, requestClient, rotateClientSecret, setClientStatus, updateClientSettings } from "./clients";
import { revokeConnectedApp } from "./connected-apps";
import { requireBrand, requireUser } from "./dashboard-session";

export type RequestAppValues = { name: string; redirectUris: string; scopes: string[]; contactEmail: string };
export type RequestAppState = {
  status: "idle" | "ok" | "error";
  message?: string;
  errors?: Record<string, string>;
  values?: RequestAppValues;
};

const FRIENDLY: Record<string, string> = {
  name: "Enter the app's name (up to 100 characters)",
  contactEmail: "Enter a valid email address",
};

const FIELD_NAMES: Record<string, string> = { name: "name", redirectUris: "redirectUris", scopes: "scopes", contactEmail: "contactEmail" };

export async function requestAppAction(_prev: RequestAppState, form: FormData): Promise<RequestAppState> {
  const { userId } = await requireUser("/developer-apps");
  const values: RequestAppValues = {
    name: String(form.get("name") ?? ""),
    redirectUris: String(form.get("redirectUris") ?? ""),
    scopes: form.getAll("scopes").map(String),
    contactEmail: String(form.get("contactEmail") ?? ""),
  };
  const redirectUris = values.redirectUris
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  const parsed = ClientRegistration.safeParse({
    name: form.get("name"),
    redirectUris,
    scopes: form.getAll("scopes").map(String),
    contactEmail: String(form.get("contactEmail") ?? "").trim() || undefined,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = FIELD_NAMES[String(issue.path[0])] ?? "form";
      const line = issue.path[0] === "redirectUris" && typeof issue.path[1] === "number" ? `Line ${issue.path[1] + 1}: ` : "";
      errors[field] ??= line + (field === "scopes" ? "Choose at least one scope" : (FRIENDLY[field] ?? issue.message));
    }
    if (redirectUris.length === 0) errors.redirectUris = "Enter at least one redirect URI";
    return { status: "error", message: "Please correct the highlighted fields.", errors, values };
  }
  await requestClient(userId, parsed.data);
  revalidatePath("/developer-apps");
  return {
    status: "ok",
    message: `Your request for “${parsed.data.name}” was sent. The operator will review it; approved apps show their credentials here.`,
  };
}

export type SecretState = { status: "idle" | "ok" | "error"; clientId?: string; clientSecret?: string; message?: string };

export async function rotateSecretAction(_prev: SecretState, form: FormData): Promise<SecretState> {
  const { userId } = await requireUser("/developer-apps");
  try {
    const result = await rotateClientSecret(userId, String(form.get("id") ?? ""));
    revalidatePath("/developer-apps");
    return { status: "ok", ...result };
  } catch (error) {
    if (error instanceof ApiProblem) return { status: "error", message: error.detail };
    throw error;
  }
}

export async function revokeConnectedAppAction(form: FormData): Promise<void> {
  const { brandId } = await requireBrand("/settings/connected-apps");
  if (!brandId) return;
  await revokeConnectedApp(brandId, String(form.get("id") ?? ""));
  revalidatePath("/settings/connected-apps");
}

const Decision = z.object({ clientId: z.string().min(1).max(100), decision: z.enum(["approved", "rejected"]) });

export async function reviewClientAction(form: FormData): Promise<void> {
  const { isOperator } = await requireUser("/operator/oauth-clients");
  if (!isOperator) notFound();
  const { clientId, decision } = Decision.parse({ clientId: form.get("clientId"), decision: form.get("decision") });
  await setClientStatus(clientId, decision);
  revalidatePath("/operator/oauth-clients");
}

const SettingChange = z.object({
  clientId: z.string().min(1).max(100),
  setting: z.enum(["requirePkce", "resourceServer"]),
  value: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export async function updateClientSettingAction(form: FormData): Promise<void> {
  const { isOperator } = await requireUser("/operator/oauth-clients");
  if (!isOperator) notFound();
  const { clientId, setting, value } = SettingChange.parse({
    clientId: form.get("clientId"),
    setting: form.get("setting"),
    value: form.get("value"),
  });
  await updateClientSettings(clientId, { [setting]: value });
  revalidatePath("/operator/oauth-clients");
}
