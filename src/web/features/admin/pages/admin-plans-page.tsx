/** Placeholder until the section is built (issue 8). */
export function AdminPlansPage() {
  return <h1 className="text-2xl font-semibold tracking-tight">Plans Management</h1>;
}
