// Scaffold: being built (issue 5).
export function SettingsPage() {
  return (
    <div className="page">
      <div className="page-header">
        <h1>Settings</h1>
      </div>
    </div>
  );
}
