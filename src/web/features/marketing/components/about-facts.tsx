/* Facts about the product rather than usage claims, so they stay true on day one. */
const FACTS = [
  { value: '2025', label: 'Founded' },
  { value: '3', label: 'AI models in one playground' },
  { value: '6', label: 'Marketplace categories' },
  { value: '30 days', label: 'Money-back guarantee' },
];

export function AboutFacts() {
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border bg-border lg:grid-cols-4">
      {FACTS.map((fact) => (
        <div
          key={fact.label}
          className="flex flex-col-reverse justify-end gap-1 bg-card px-4 py-8 text-center sm:px-6"
        >
          <dt className="text-sm text-muted-foreground">{fact.label}</dt>
          <dd className="text-3xl font-bold tracking-tight tabular-nums sm:text-4xl">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
