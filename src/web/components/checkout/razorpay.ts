import type { CheckoutOrder, VerifyPaymentInput } from '@shared/billing';

/*
 * The slice of Razorpay Checkout (checkout.js) the app uses: https://razorpay.com/docs/payments/
 * payment-gateway/web-integration/standard/. The script defines `window.Razorpay`.
 */

export type RazorpayResponse = Pick<
  VerifyPaymentInput,
  'razorpay_order_id' | 'razorpay_payment_id' | 'razorpay_signature'
>;

export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  handler: (response: RazorpayResponse) => void;
  modal: { ondismiss: () => void };
  theme?: { color?: string };
}

export interface RazorpayInstance {
  open(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

/** Checkout's options for an order the server created; amounts are the server's, never the page's. */
export function razorpayOptions(
  order: CheckoutOrder,
  on: { paid: (response: RazorpayResponse) => void; dismissed: () => void },
): RazorpayOptions {
  return {
    key: order.keyId,
    order_id: order.orderId,
    amount: order.amountMinor,
    currency: order.currency,
    name: order.name,
    // Razorpay's window names what is bought; a prompt's licence goes with it (decision 058).
    description: order.licence ? `${order.description} · ${order.licence.label} licence` : order.description,
    prefill: order.prefill,
    handler: on.paid,
    modal: { ondismiss: on.dismissed },
  };
}
