import { cn } from '@/lib/cn';

/** Up to two initials: 'Priya Raman' → 'PR', 'kenji' → 'K'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((w) => [...w][0]?.toUpperCase() ?? '').join('') || '?';
}

/** A person's initials in a circle; the name beside it says who it is, so it is hidden from readers. */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-primary/25 to-primary/10 font-semibold text-primary ring-1 ring-primary/15',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
