import type { HighlighterCore, ThemedToken } from 'shiki/core';

/*
 * Code in replies coloured by Shiki (the TextMate grammars VS Code uses), loaded only when a reply
 * first shows a code block: the core with its JavaScript regex engine (no WebAssembly), one dark
 * theme (code blocks are dark in both site themes) and each language's grammar on first use.
 * Tokens are rendered as React spans (code-block.tsx), never as HTML.
 */

const THEME = 'github-dark-default';

/** The languages replies use most, by the name Shiki loads; others stay plain text. */
const GRAMMARS: Record<string, () => Promise<unknown>> = {
  bash: () => import('shiki/langs/bash.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  dockerfile: () => import('shiki/langs/dockerfile.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  graphql: () => import('shiki/langs/graphql.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
};

const ALIASES: Record<string, string> = {
  'c++': 'cpp',
  'c#': 'csharp',
  cs: 'csharp',
  docker: 'dockerfile',
  js: 'javascript',
  kt: 'kotlin',
  md: 'markdown',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  sh: 'bash',
  shell: 'bash',
  shellscript: 'bash',
  ts: 'typescript',
  yml: 'yaml',
  zsh: 'bash',
};

/** The grammar a fence's language names, if Shiki colours it here. */
export function grammarOf(language: string | undefined): string | null {
  if (!language) return null;
  const name = language.toLowerCase();
  const resolved = ALIASES[name] ?? name;
  return resolved in GRAMMARS ? resolved : null;
}

let highlighter: Promise<HighlighterCore> | null = null;
const loaded = new Map<string, Promise<void>>();

function core(): Promise<HighlighterCore> {
  highlighter ??= Promise.all([
    import('shiki/core'),
    import('shiki/engine/javascript'),
    import('shiki/themes/github-dark-default.mjs'),
  ]).then(([{ createHighlighterCore }, { createJavaScriptRegexEngine }, theme]) =>
    createHighlighterCore({ themes: [theme], langs: [], engine: createJavaScriptRegexEngine() }),
  );
  return highlighter;
}

/** The code's lines as coloured tokens, once the highlighter and the grammar have loaded. */
export async function highlight(code: string, grammar: string): Promise<ThemedToken[][]> {
  const shiki = await core();
  let ready = loaded.get(grammar);
  if (!ready) {
    ready = GRAMMARS[grammar]!().then((module) =>
      shiki.loadLanguage((module as { default: Parameters<HighlighterCore['loadLanguage']>[0] }).default),
    );
    loaded.set(grammar, ready);
  }
  await ready;
  return shiki.codeToTokensBase(code, { lang: grammar, theme: THEME });
}
