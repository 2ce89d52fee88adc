import {
  type CheckoutOrder,
  CheckoutOrderSchema,
  type CreateOrderInput,
  TestGatewayResultSchema,
  type VerifyResult,
  VerifyResultSchema,
} from '@shared/billing';
import { api } from '@/lib/api-client';
import type { RazorpayResponse } from './razorpay';

/*
 * The checkout calls (src/shared/billing.ts). The order never carries an amount: the server prices
 * it from the database and the page shows what the server answered.
 */

/** POST /api/payments/create-order with {planId, billing} or {promptId}. */
export async function createOrder(input: CreateOrderInput): Promise<CheckoutOrder> {
  return CheckoutOrderSchema.parse(await api.post<unknown>('/payments/create-order', input));
}

/** POST /api/payments/verify: the server checks the signature and grants what was paid for. */
export async function verifyPayment(response: RazorpayResponse): Promise<VerifyResult> {
  const body: RazorpayResponse = {
    razorpay_order_id: response.razorpay_order_id,
    razorpay_payment_id: response.razorpay_payment_id,
    razorpay_signature: response.razorpay_signature,
  };
  return VerifyResultSchema.parse(await api.post<unknown>('/payments/verify', body));
}

/** POST /api/payments/test-gateway/pay: the test gateway's signed answer; a 'fail' outcome throws (402). */
export async function payWithTestGateway(
  orderId: string,
  outcome: 'succeed' | 'fail',
): Promise<RazorpayResponse> {
  return TestGatewayResultSchema.parse(
    await api.post<unknown>('/payments/test-gateway/pay', { orderId, outcome }),
  );
}
