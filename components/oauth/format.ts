export function formatDate(date: Date | null): string {
  return date ? date.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "Never";
}
