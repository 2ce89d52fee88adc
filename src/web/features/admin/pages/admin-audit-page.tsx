/** Placeholder until the section is built (issue 8). */
export function AdminAuditPage() {
  return <h1 className="text-2xl font-semibold tracking-tight">Audit Log</h1>;
}
