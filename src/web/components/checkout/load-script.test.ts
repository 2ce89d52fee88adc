import { describe, expect, it } from 'vitest';
import { type ScriptHost, ScriptLoadError, loadScript } from './load-script';

/** A stand-in document that records the tags added and lets the test fire their events. */
function fakeHost() {
  const scripts: (HTMLScriptElement & { removed: boolean })[] = [];
  const host: ScriptHost = {
    createElement: () => {
      const script = {
        src: '',
        async: false,
        removed: false,
        onload: null as (() => void) | null,
        onerror: null as (() => void) | null,
        remove() {
          this.removed = true;
        },
      };
      return script as unknown as HTMLScriptElement;
    },
    head: {
      appendChild: <T extends Node>(node: T) => {
        scripts.push(node as unknown as HTMLScriptElement & { removed: boolean });
        return node;
      },
    },
  };
  return { host, scripts };
}

let n = 0;
const uniqueUrl = () => `https://checkout.example.test/v1/checkout-${++n}.js`;

describe('loadScript', () => {
  it('adds one async script tag and resolves when it loads', async () => {
    const { host, scripts } = fakeHost();
    const url = uniqueUrl();
    const loading = loadScript(url, host);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(url);
    expect(scripts[0]?.async).toBe(true);
    scripts[0]?.onload?.(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
  });

  it('loads a script only once however many callers ask for it', async () => {
    const { host, scripts } = fakeHost();
    const url = uniqueUrl();
    const first = loadScript(url, host);
    const second = loadScript(url, host);
    expect(second).toBe(first);
    scripts[0]?.onload?.(new Event('load'));
    await Promise.all([first, second]);
    await loadScript(url, host);
    expect(scripts).toHaveLength(1);
  });

  it('rejects when the script cannot load, removes the tag and tries again next time', async () => {
    const { host, scripts } = fakeHost();
    const url = uniqueUrl();
    const failing = loadScript(url, host);
    scripts[0]?.onerror?.(new Event('error'));
    await expect(failing).rejects.toBeInstanceOf(ScriptLoadError);
    await expect(failing).rejects.toThrow('The payment window could not be loaded');
    expect(scripts[0]?.removed).toBe(true);

    const retry = loadScript(url, host);
    expect(scripts).toHaveLength(2);
    scripts[1]?.onload?.(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });
});
