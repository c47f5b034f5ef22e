// The part of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    amount?: number;
    /** ms between samples; a run with an amount ends at the next one (default 1000) */
    sampleInt?: number;
    requests?: (Request & { setupRequest?: (req: Request) => Request })[];
  };
  type Result = {
    "2xx": number;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
    latency: { p50: number; p99: number; average: number; max: number };
    requests: { average: number };
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
