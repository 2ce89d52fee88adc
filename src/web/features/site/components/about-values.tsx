import { FlaskConical, HandCoins, type LucideIcon, ReceiptText, ShieldCheck } from 'lucide-react';

interface Value {
  icon: LucideIcon;
  title: string;
  text: string;
}

const VALUES: Value[] = [
  {
    icon: HandCoins,
    title: 'Creators get paid',
    text: 'Good prompts take real work. Creators set their own prices and earn a share of every premium sale.',
  },
  {
    icon: FlaskConical,
    title: 'Test before you trust',
    text: 'Every prompt can be tried in the playground before you rely on it or buy it.',
  },
  {
    icon: ShieldCheck,
    title: 'Your data stays yours',
    text: 'We never sell personal data. What you type goes only to the AI provider you chose, to answer you.',
  },
  {
    icon: ReceiptText,
    title: 'Plain pricing',
    text: 'The price you see is the price you pay. Trials need no card and you can cancel at any time.',
  },
];

export function AboutValues() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2">
      {VALUES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <h3 className="font-semibold tracking-tight">{title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
