// Placeholder until the page is written.
export function FeaturesPage() {
  return <h1 className="p-8 text-3xl font-bold">Features</h1>;
}
