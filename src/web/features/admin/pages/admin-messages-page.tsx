/** Placeholder until the section is built (issue 8). */
export function AdminMessagesPage() {
  return <h1 className="text-2xl font-semibold tracking-tight">Contact Messages</h1>;
}
