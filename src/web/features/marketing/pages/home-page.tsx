// Placeholder until the page is written.
export function HomePage() {
  return <h1 className="p-8 text-3xl font-bold">Home</h1>;
}
