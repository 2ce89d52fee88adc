import { type Grant, PAYMENT_MESSAGES, type VerifyResult } from '@shared/billing';

/*
 * The payment toasts of spec section 8, in one place so every Buy and Subscribe button says the same
 * thing. A prompt purchase reuses the subscription wording except where it would be untrue.
 */

export interface ToastContent {
  title: string;
  description: string;
}

export const FALLBACK_FAILURE = 'Something went wrong. Please try again.';

export const VERIFICATION_FAILED_TOAST: ToastContent = {
  title: 'Payment Verification Failed',
  description: 'Please contact support if the amount was deducted.',
};

export const SIGN_IN_TO_SUBSCRIBE_TOAST: ToastContent = {
  title: 'Authentication Required',
  description: PAYMENT_MESSAGES.signInToSubscribe,
};

/**
 * 'Payment Successful!' with what the payment granted; a payment that bought nothing (the prompt was
 * already the buyer's, or is gone) says it is refunded instead.
 */
export function successToast(grant: Grant, refund: VerifyResult['refund'] = null): ToastContent {
  if (refund && grant.kind === 'prompt') {
    return {
      title: 'Payment Refunded',
      description: PAYMENT_MESSAGES.refunded(grant.promptTitle, refund.reason, refund.done),
    };
  }
  return {
    title: 'Payment Successful!',
    description:
      grant.kind === 'subscription'
        ? PAYMENT_MESSAGES.success(grant.planName)
        : `You now own ${grant.promptTitle}.`,
  };
}

/** An order that could not be created or paid: the server's words, else the spec's fallback. */
export function failureToast(kind: 'subscription' | 'prompt', error: unknown): ToastContent {
  const message = error instanceof Error && error.message.trim() ? error.message : FALLBACK_FAILURE;
  return { title: kind === 'subscription' ? 'Subscription Failed' : 'Purchase Failed', description: message };
}
