// The loading state of the server-rendered OAuth dashboard pages (Next shows it while the page's data loads).
export function OAuthPageLoading({ title, what }: { title: string; what: string }) {
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">{title}</h1>
      </div>
      <p className="loading" role="status">
        Loading {what}…
      </p>
    </>
  );
}
