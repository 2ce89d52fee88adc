import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTheme } from '@/lib/theme';
import { diagramError, diagramText, renderDiagram } from '../lib/mermaid';

type State = { code: string; dark: boolean } & ({ svg: string; error: null } | { svg: null; error: string });

/**
 * A ```mermaid block drawn as a diagram (lib/mermaid.ts loads mermaid now), in the site's theme.
 * While it draws, and when mermaid cannot read it, the code shows instead (`code`), with the reason.
 */
export function MermaidDiagram({ text, code }: { text: string; code: ReactNode }) {
  const dark = useTheme().resolvedTheme === 'dark';
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    let live = true;
    renderDiagram(text, dark).then(
      (svg) => live && setState({ code: text, dark, svg, error: null }),
      (err: unknown) =>
        live && setState({ code: text, dark, svg: null, error: diagramError(err) || 'Unknown error' }),
    );
    return () => {
      live = false;
    };
  }, [text, dark]);
  const current = state && state.code === text && state.dark === dark ? state : null;
  const descriptionId = useId();

  if (current?.svg) {
    const alt = diagramText(text);
    return (
      <>
        <div
          className="flex justify-center overflow-x-auto bg-background p-4 [&_svg]:h-auto [&_svg]:max-w-full"
          data-testid="mermaid-diagram"
          role="img"
          aria-label={alt.label}
          aria-describedby={descriptionId}
          // Sanitised by mermaid (securityLevel 'strict'): see lib/mermaid.ts.
          dangerouslySetInnerHTML={{ __html: current.svg }}
        />
        <p id={descriptionId} className="sr-only">
          {alt.description}
        </p>
      </>
    );
  }
  return (
    <>
      {code}
      {current?.error ? (
        <p
          className="flex items-start gap-2 border-t border-white/10 px-4 py-2 text-xs text-red-300"
          data-testid="mermaid-error"
          role="alert"
        >
          <AlertCircleIcon aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          The diagram could not be drawn: {current.error}
        </p>
      ) : (
        <p
          className="flex items-center gap-2 border-t border-white/10 px-4 py-2 text-xs text-zinc-400"
          role="status"
        >
          <Loader2Icon aria-hidden className="size-3.5 animate-spin" />
          Drawing the diagram…
        </p>
      )}
    </>
  );
}
