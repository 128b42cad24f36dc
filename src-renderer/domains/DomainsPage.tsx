// Scaffold: being built (issue 5).
export function DomainsPage() {
  return (
    <div className="page">
      <div className="page-header">
        <h1>Domains</h1>
      </div>
    </div>
  );
}
