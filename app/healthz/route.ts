// GET /healthz: 200 when the database answers, 503 otherwise (for load balancers and orchestrators).
import { pingDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = performance.now();
  try {
    await pingDatabase();
    return Response.json({ status: "ok", database: "ok", latencyMs: Math.round((performance.now() - started) * 10) / 10 }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable", database: "unreachable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
