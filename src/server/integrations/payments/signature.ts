import crypto from 'node:crypto';

/** Hex HMAC-SHA256, the scheme Razorpay signs payments (`order_id|payment_id`) and webhooks (raw body) with. */
export const hmacHex = (secret: string, data: string | Buffer): string =>
  crypto.createHmac('sha256', secret).update(data).digest('hex');

/** Compares a given signature with the expected one in constant time (any length, any garbage). */
export function signatureMatches(expectedHex: string, given: string): boolean {
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(given, 'utf8');
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time independent of the input.
  if (a.length !== b.length) {
    crypto.timingSafeEqual(a, a);
    return false;
  }
  return crypto.timingSafeEqual(a, b);
}

/** Razorpay's payment signature: HMAC of `order_id|payment_id` with the key secret. */
export const paymentSignature = (keySecret: string, orderId: string, paymentId: string): string =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);
