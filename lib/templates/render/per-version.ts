// What is worked out once per template version (compile.ts versionKey) and reused for every recipient a
// send renders it for: document checks, template warnings, tag syntax, the product blocks. Bounded, and
// emptied when full: versions change rarely, a send renders one version many times.
export function perVersion<T>(limit = 500): (version: string, compute: () => T) => T {
  const cache = new Map<string, T>();
  return (version, compute) => {
    let value = cache.get(version);
    if (value === undefined) {
      value = compute();
      if (cache.size >= limit) cache.clear();
      cache.set(version, value);
    }
    return value;
  };
}
