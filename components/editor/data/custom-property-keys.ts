"use client";
// Custom property keys to suggest in the merge-tag picker and the condition picker: the keys the brand's
// most recently updated contacts carry (no API lists keys; any other key can still be typed).
import { useQuery } from "@tanstack/react-query";
import { listContacts } from "@/components/contacts/contacts-client";

export function useCustomPropertyKeys(enabled = true): string[] {
  const query = useQuery({
    queryKey: ["editor", "custom-property-keys"],
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const page = await listContacts({ sort: "updatedAt", direction: "desc" });
      const keys = new Set<string>();
      for (const contact of page.contacts) {
        const props = (contact as { customProperties?: Record<string, unknown> | null }).customProperties;
        for (const key of Object.keys(props ?? {})) keys.add(key);
      }
      return [...keys].sort((a, b) => a.localeCompare(b));
    },
  });
  return query.data ?? [];
}
