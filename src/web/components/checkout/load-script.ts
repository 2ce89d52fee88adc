/*
 * Third-party scripts (Razorpay Checkout) load on demand, once: the first caller adds the tag, every
 * later caller shares its promise. A failed load removes the tag and forgets the promise, so the next
 * attempt (say, after the network comes back) starts afresh instead of failing forever.
 */

/** The few DOM calls the loader makes, so it can be tested without a browser. */
export interface ScriptHost {
  createElement(tag: 'script'): HTMLScriptElement;
  head: Pick<HTMLHeadElement, 'appendChild'>;
}

export class ScriptLoadError extends Error {
  constructor(readonly src: string) {
    super('The payment window could not be loaded. Please check your connection and try again.');
    this.name = 'ScriptLoadError';
  }
}

const pending = new Map<string, Promise<void>>();

/** Loads `src` once; resolves when it has run, rejects with ScriptLoadError when it cannot load. */
export function loadScript(src: string, host: ScriptHost = document): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = host.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      pending.delete(src);
      script.remove();
      reject(new ScriptLoadError(src));
    };
    host.head.appendChild(script);
  });
  pending.set(src, promise);
  return promise;
}
