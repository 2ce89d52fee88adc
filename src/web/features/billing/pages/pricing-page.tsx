// Placeholder until the page is written.
export function PricingPage() {
  return <h1 className="p-8 text-3xl font-bold">Pricing</h1>;
}
