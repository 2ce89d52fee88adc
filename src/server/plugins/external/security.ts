import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for the SPA's pages (the API's answers carry a few of them: API_HEADERS below).
 * With Razorpay configured, Checkout's script, its frames and its calls are allowed from Razorpay's
 * origins only (the test gateway needs nothing).
 * Strict-Transport-Security goes out when the public URL is HTTPS (the wapiti scan found it was
 * never sent); on a plain-HTTP deployment (demo, localhost) browsers would ignore it, and pinning
 * `https://localhost` for a year would break other local apps.
 */
export function helmetOptions(
  razorpay: { checkoutUrl: string; apiBase: string } | null,
  https = false,
): FastifyHelmetOptions {
  const rzp = razorpay
    ? [...new Set([new URL(razorpay.checkoutUrl).origin, new URL(razorpay.apiBase).origin])]
    : [];
  const rzpExtra = razorpay ? ['https://*.razorpay.com'] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...rzp],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...rzp, ...rzpExtra],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...rzp, ...rzpExtra],
        frameSrc: ["'self'", ...rzp],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Two years, as the HSTS preload list asks; subdomains too, since the app owns its host.
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/** Headers every response has whether or not helmet ran (not helmet's to set). */
const FRAMEWORK_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets with these options, computed once. Helmet rebuilds its middleware and
 * re-parses the policy on every request (@fastify/helmet calls `helmet(options)` per request); the
 * answer never changes, so it is asked once, through helmet itself on a scratch instance, and the
 * same header set is copied onto every reply.
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const scratch = Fastify({ logger: false });
  await scratch.register(helmet, options);
  scratch.get('/', async () => '');
  const res = await scratch.inject({ method: 'GET', url: '/' });
  await scratch.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (FRAMEWORK_HEADERS.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** The build's hashed scripts, stylesheets and fonts (Vite's `assets/`): never shown as a document. */
const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css|woff2?)(?:[?#]|$)/;
/**
 * The headers that still mean something on such a file: nosniff (a script or style with another
 * type is refused), the resource policy (other sites may not embed it), and the referrer policy
 * (a stylesheet's governs the requests it makes, for fonts). The others (the content security
 * policy, framing, opener, download and prefetch controls) apply to documents only (the app starts
 * no workers, whose scripts would take a policy of their own). Dropping them takes about 500 bytes
 * off each of the thirty-odd assets a page loads, and brings the stylesheet (13.8 KB compressed)
 * within the 14.6 KB a new connection delivers in its first round trip (TCP's initial window).
 */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'];

/** The API's answers: JSON, and the playground's event stream. Its browsable docs are pages. */
const API = /^\/api\/(?!docs(?:[/?#]|$))/;
/**
 * What still means something on an API answer (decision 029): nosniff (never read as a page or a
 * script), the resource policy (another site cannot read it through a no-cors request), HSTS where
 * it is sent, and a policy under which an answer opened in a tab loads and runs nothing and cannot
 * be framed. The rest of the document set (the page's own policy, the opener policy, the framing,
 * prefetch, download and cross-domain controls, the XSS auditor switch, origin-keyed agent
 * clusters, the referrer policy of a page's links) concern documents only. This halves the header
 * block every API answer carries (about 900 bytes, checked by Node name by name on every answer).
 */
const API_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/*
 * One synchronous onRequest hook sets the security headers and echoes the request id: the fixed
 * cost every request pays, kept to copying a few precomputed strings.
 */
async function securityPlugin(
  app: FastifyInstance,
  opts: { razorpay: { checkoutUrl: string; apiBase: string } | null; https: boolean },
) {
  const headers = await securityHeaders(helmetOptions(opts.razorpay, opts.https));
  const only = (names: string[]) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => names.includes(name)));
  const subresourceHeaders = only(SUBRESOURCE_HEADERS);
  const apiHeaders = { ...only(API_HEADERS), 'content-security-policy': API_POLICY };
  app.decorate('securityHeaders', apiHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(API.test(url) ? apiHeaders : SUBRESOURCE.test(url) ? subresourceHeaders : headers);
    reply.header('x-request-id', request.id);
    done();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every API answer carries (also sent by the front door). */
    securityHeaders: Record<string, string>;
  }
}

export default fp(securityPlugin, { name: 'security' });
