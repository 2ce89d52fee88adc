/** Placeholder until the section is built (issue 8). */
export function AdminMarketplacePage() {
  return <h1 className="text-2xl font-semibold tracking-tight">Marketplace</h1>;
}
