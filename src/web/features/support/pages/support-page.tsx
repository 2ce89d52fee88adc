// Placeholder until the page is written.
export function SupportPage() {
  return <h1 className="p-8 text-3xl font-bold">Support Center</h1>;
}
