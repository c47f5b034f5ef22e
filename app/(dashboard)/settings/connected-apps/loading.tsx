export default function Loading() {
  return (
    <p role="status" aria-live="polite" style={{ padding: "1.5rem" }}>
      Loading…
    </p>
  );
}
