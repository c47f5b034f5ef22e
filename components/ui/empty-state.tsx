// What a page shows when there is nothing yet: what will be here, and the next step.
export function EmptyState({
  title,
  children,
  action,
  headingLevel = 2,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="empty-state">
      <Heading className="empty-state-title">{title}</Heading>
      <div className="empty-state-body">{children}</div>
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
