// Placeholder until the page is written.
export function MarketplacePage() {
  return <h1 className="p-8 text-3xl font-bold">Marketplace</h1>;
}
