// Sign-in and sign-up: a single centered card.
import Link from "next/link";
import { AuthCard } from "@/components/ui/auth-card";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <AuthCard
      footer={
        <p className="auth-footer">
          <Link href="/docs">API documentation</Link>
        </p>
      }
    >
      {children}
    </AuthCard>
  );
}
