// Scaffold: being built (issue 5).
export function HandlersPage() {
  return (
    <div className="page">
      <div className="page-header">
        <h1>Notification handlers</h1>
      </div>
    </div>
  );
}
