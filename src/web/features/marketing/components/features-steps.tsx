const STEPS = [
  {
    title: 'Find',
    text: 'Search the marketplace or browse by category to find a prompt that fits the job.',
  },
  {
    title: 'Try',
    text: 'Open it in the playground and compare how Claude, ChatGPT and Perplexity answer.',
  },
  {
    title: 'Publish',
    text: 'Share your own prompts for free or set a price, then follow how they perform.',
  },
];

export function FeaturesSteps() {
  return (
    <ol className="grid gap-6 sm:grid-cols-3">
      {STEPS.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl border border-dashed p-6">
          <span className="text-sm font-semibold text-primary tabular-nums">0{index + 1}</span>
          <h3 className="mt-2 text-lg font-semibold tracking-tight">{step.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
