// Percentiles as every benchmark reports them: the sample at rank floor(p% of n) of the sorted samples.
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** "p50 …, p99 …, max … (n=…)" of latency samples in ms, in any order. */
export function summary(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(2)} ms, p99 ${percentile(s, 99).toFixed(2)} ms, max ${s[s.length - 1].toFixed(2)} ms (n=${s.length})`;
}
