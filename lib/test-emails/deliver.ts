// Hands a test email to the configured SMTP server (nodemailer), or keeps it in the built-in outbox
// when none is configured, so the embedded default works without a mail server.
import nodemailer from "nodemailer";
import { config, type SmtpSettings } from "@/lib/config";

export type Mail = { from: string; to: string[]; subject: string; html: string; text: string };
export type Delivery = { transport: "smtp" | "outbox"; status: "sent" | "failed"; error: string | null };

export function transportOptions(smtp: SmtpSettings) {
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === "tls",
    requireTLS: smtp.tls === "starttls",
    ignoreTLS: smtp.tls === "none",
    auth: smtp.auth ?? undefined,
    // A person waits for the answer in the editor's dialog: give up after seconds, not nodemailer's minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

export function senderAddress(): string {
  return config().smtp?.from ?? `Inkwell <no-reply@${new URL(config().appOrigin).hostname}>`;
}

export async function deliver(mail: Mail, smtp: SmtpSettings | null = config().smtp): Promise<Delivery> {
  if (!smtp) return { transport: "outbox", status: "sent", error: null };
  const transporter = nodemailer.createTransport(transportOptions(smtp));
  try {
    await transporter.sendMail({ ...mail, headers: { "X-Inkwell-Test": "true" } });
    return { transport: "smtp", status: "sent", error: null };
  } catch (error) {
    const e = error as { response?: string; message?: string };
    return { transport: "smtp", status: "failed", error: (e.response ?? e.message ?? String(error)).slice(0, 500) };
  } finally {
    transporter.close();
  }
}
