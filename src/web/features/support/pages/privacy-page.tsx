// Placeholder until the page is written.
export function PrivacyPage() {
  return <h1 className="p-8 text-3xl font-bold">Privacy Policy</h1>;
}
