/** Placeholder until the section is built (issue 8). */
export function AdminSettingsPage() {
  return <h1 className="text-2xl font-semibold tracking-tight">Admin Settings</h1>;
}
