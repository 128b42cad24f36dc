// Scaffold: being built (issue 5).
export function LinksPage() {
  return (
    <div className="page">
      <div className="page-header">
        <h1>Links</h1>
      </div>
    </div>
  );
}
