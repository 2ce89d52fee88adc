// Placeholder until the page is written.
export function CookiesPage() {
  return <h1 className="p-8 text-3xl font-bold">Cookie Policy</h1>;
}
