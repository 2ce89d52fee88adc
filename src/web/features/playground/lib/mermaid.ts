import type MermaidApi from 'mermaid';

/*
 * Mermaid diagrams in replies, drawn on demand (a "Show diagram" button on a ```mermaid block):
 * mermaid is imported only then, never with the page. securityLevel 'strict' has mermaid sanitise
 * the SVG it returns (no scripts, no click handlers, labels as text) before code-block.tsx shows it.
 * The theme follows the site's; mermaid's config is global, so renders go one at a time.
 */

type Mermaid = typeof MermaidApi;

let loading: Promise<Mermaid> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let counter = 0;

const load = () =>
  (loading ??= import('mermaid').then(
    (m) => m.default,
    (err: unknown) => {
      // A failed download (offline, a new deploy) may be tried again with the next diagram.
      loading = null;
      throw err;
    },
  ));

/** The diagram as sanitised SVG text, in the site's light or dark theme; throws mermaid's error. */
export function renderDiagram(code: string, dark: boolean): Promise<string> {
  const run = queue.then(async () => {
    const mermaid = await load();
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: dark ? 'dark' : 'default',
      // A bad diagram is our message under the code, not mermaid's error picture or a console line.
      suppressErrorRendering: true,
      logLevel: 'fatal',
    });
    const { svg } = await mermaid.render(`pf-mermaid-${++counter}`, code);
    return svg;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** The first line of mermaid's error, short enough to show under the code. */
export function diagramError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const first = text.split('\n').find((line) => line.trim() !== '') ?? '';
  return first.length > 160 ? `${first.slice(0, 157)}…` : first;
}

const KINDS: Record<string, string> = {
  graph: 'Flowchart',
  flowchart: 'Flowchart',
  sequenceDiagram: 'Sequence diagram',
  classDiagram: 'Class diagram',
  stateDiagram: 'State diagram',
  'stateDiagram-v2': 'State diagram',
  erDiagram: 'Entity relationship diagram',
  gantt: 'Gantt chart',
  pie: 'Pie chart',
  mindmap: 'Mind map',
  timeline: 'Timeline',
  journey: 'User journey',
  gitGraph: 'Git graph',
};

/**
 * The drawn diagram's text alternative: its own `accTitle` and `accDescr` when the code has them
 * (mermaid's accessibility lines), else its kind; the code itself, one click away, is the full text.
 */
export function diagramText(code: string): { label: string; description: string } {
  const lines = code.split('\n').map((line) => line.trim());
  const field = (name: string) =>
    lines
      .find((line) => line.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() || null;
  const first = lines.find((line) => line !== '' && !line.startsWith('%%')) ?? '';
  const kind = KINDS[first.split(/\s+/)[0] ?? ''] ?? 'Diagram';
  return {
    label: field('accTitle') ?? kind,
    description:
      field('accDescr') ?? 'Drawn from the Mermaid code in this reply; Show code reads it as text.',
  };
}
