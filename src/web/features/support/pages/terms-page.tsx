// Placeholder until the page is written.
export function TermsPage() {
  return <h1 className="p-8 text-3xl font-bold">Terms of Service</h1>;
}
