import type { Metadata } from "next";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Inkwell", template: "%s · Inkwell" },
  description: "Email templates, customer events, contacts and segments for your brand",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request, none prerendered at build time: Next.js puts the nonce of the
  // request's Content-Security-Policy (proxy.ts) on the scripts of a page only when it renders it then.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
