import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for the API and the SPA alike. With Razorpay configured, Checkout's script, its
 * frames and its calls are allowed from Razorpay's origins only (the test gateway needs nothing).
 * Strict-Transport-Security goes out when the public URL is HTTPS (the wapiti scan found it was
 * never sent); on a plain-HTTP deployment (demo, localhost) browsers would ignore it, and pinning
 * `https://localhost` for a year would break other local apps.
 */
async function securityPlugin(
  app: FastifyInstance,
  opts: { razorpay: { checkoutUrl: string; apiBase: string } | null; https: boolean },
) {
  const rzp = opts.razorpay
    ? [...new Set([new URL(opts.razorpay.checkoutUrl).origin, new URL(opts.razorpay.apiBase).origin])]
    : [];
  const rzpExtra = opts.razorpay ? ['https://*.razorpay.com'] : [];
  await app.register(helmet, {
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
    strictTransportSecurity: opts.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

export default fp(securityPlugin, { name: 'security' });
