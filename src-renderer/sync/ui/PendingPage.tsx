// Scaffold: being built (issue 5).
export function PendingPage() {
  return (
    <div className="page">
      <div className="page-header">
        <h1>Pending changes</h1>
      </div>
    </div>
  );
}
