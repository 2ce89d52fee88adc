/** Placeholder until the section is built (issue 8). */
export function AdminUsersPage() {
  return <h1 className="text-2xl font-semibold tracking-tight">User Management</h1>;
}
