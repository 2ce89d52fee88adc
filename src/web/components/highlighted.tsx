import { highlightParts } from '@shared/highlight';

/** Text with the words a search matched marked (nothing marked without a search). */
export function Highlighted({ text, words }: { text: string; words?: readonly string[] }) {
  if (!words || words.length === 0) return text;
  return highlightParts(text, words).map((part, i) =>
    part.match ? (
      <mark key={i} data-testid="search-match" className="rounded-sm bg-primary/15 px-0.5 text-inherit">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
