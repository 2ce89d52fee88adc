import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useCallback, useRef, useState } from 'react';
import type { CheckoutOrder, CreateOrderInput, VerifyResult } from '@shared/billing';
import { useAuth } from '@/lib/auth';
import { refreshAfterBillingChange } from '@/lib/billing/query-keys';
import { withToast } from '@/lib/lazy-toast';
import { loadScript } from './load-script';
import { type RazorpayResponse, razorpayOptions } from './razorpay';
import type { TestPayState } from './test-gateway-dialog';

/*
 * The payment calls, their messages and the test gateway's dialog (with the billing schemas and zod
 * behind them) load when a checkout starts: the pages that offer Buy or Subscribe draw their buttons
 * without them, and do not spend the time to load and run them before anyone clicks.
 */
const loadApi = () => import('./checkout-api');
const loadMessages = () => import('./checkout-messages');
const TestGatewayDialog = lazy(async () => ({
  default: (await import('./test-gateway-dialog')).TestGatewayDialog,
}));

/**
 * What to pay for: a plan for a billing period, or one premium prompt (for the buyer's team with
 * `forTeam`, decision 063). Never an amount.
 */
export type CheckoutTarget =
  { planId: string; billing: 'monthly' | 'annual' } | { promptId: string; forTeam?: boolean };

type Kind = 'subscription' | 'prompt';

const kindOf = (target: CheckoutTarget): Kind => ('promptId' in target ? 'prompt' : 'subscription');
/** Which button started the checkout, so only that one shows a spinner. */
export const checkoutKey = (target: CheckoutTarget) =>
  'promptId' in target
    ? `prompt:${target.promptId}${target.forTeam ? ':team' : ''}`
    : `plan:${target.planId}:${target.billing}`;

export interface Checkout {
  /** Creates the order and opens the payment window (Razorpay, or the test gateway's dialog). */
  start: (target: CheckoutTarget) => void;
  /** The checkout under way (see checkoutKey), or null. */
  activeKey: string | null;
  /** Render it once where the hook is used: the test gateway's dialog lives here. */
  dialog: ReactNode;
}

/**
 * The checkout of issue 7 (spec section 4, Subscribing): create the order, take the payment, verify it
 * on the server, then refresh the user, their billing and the catalogue so the new plan or prompt shows
 * at once. Every outcome ends in one of the spec's payment toasts (section 8).
 */
export function useCheckout(): Checkout {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [testOrder, setTestOrder] = useState<CheckoutOrder | null>(null);
  const [testOpen, setTestOpen] = useState(false);
  const [testState, setTestState] = useState<TestPayState>('idle');
  const kindRef = useRef<Kind>('subscription');
  // A second click while one checkout is under way must not open a second window.
  const busyRef = useRef(false);

  const finish = useCallback(() => {
    busyRef.current = false;
    setActiveKey(null);
  }, []);

  const verify = useCallback(
    async (response: RazorpayResponse) => {
      const [{ verifyPayment }, { VERIFICATION_FAILED_TOAST, successToast }] = await Promise.all([
        loadApi(),
        loadMessages(),
      ]);
      let result: VerifyResult;
      try {
        result = await verifyPayment(response);
      } catch {
        withToast((toast) =>
          toast.error(VERIFICATION_FAILED_TOAST.title, {
            description: VERIFICATION_FAILED_TOAST.description,
          }),
        );
        finish();
        return;
      }
      const content = successToast(result.grant, result.refund);
      withToast((toast) => toast.success(content.title, { description: content.description }));
      await Promise.all([refreshUser(), refreshAfterBillingChange(queryClient)]);
      finish();
    },
    [finish, queryClient, refreshUser],
  );

  const fail = useCallback(
    async (kind: Kind, error: unknown) => {
      const content = (await loadMessages()).failureToast(kind, error);
      withToast((toast) => toast.error(content.title, { description: content.description }));
      finish();
    },
    [finish],
  );

  const start = useCallback(
    (target: CheckoutTarget) => {
      if (busyRef.current) return;
      busyRef.current = true;
      const kind = kindOf(target);
      kindRef.current = kind;
      setActiveKey(checkoutKey(target));
      void (async () => {
        let order: CheckoutOrder;
        try {
          const { createOrder } = await loadApi();
          order = await createOrder(target satisfies CreateOrderInput);
        } catch (error) {
          await fail(kind, error);
          return;
        }
        if (order.gateway === 'test') {
          setTestState('idle');
          setTestOrder(order);
          setTestOpen(true);
          return;
        }
        try {
          if (!order.checkoutScriptUrl) throw new Error('The payment window is not available right now.');
          await loadScript(order.checkoutScriptUrl);
          const Razorpay = window.Razorpay;
          if (!Razorpay) throw new Error('The payment window could not be opened. Please try again.');
          new Razorpay(
            razorpayOptions(order, { paid: (response) => void verify(response), dismissed: finish }),
          ).open();
        } catch (error) {
          await fail(kind, error);
        }
      })();
    },
    [fail, finish, verify],
  );

  const payTest = useCallback(
    async (outcome: 'succeed' | 'fail') => {
      if (!testOrder) return;
      setTestState(outcome === 'succeed' ? 'paying' : 'failing');
      let response: RazorpayResponse;
      try {
        const { payWithTestGateway } = await loadApi();
        response = await payWithTestGateway(testOrder.orderId, outcome);
      } catch (error) {
        setTestOpen(false);
        await fail(kindRef.current, error);
        return;
      }
      setTestOpen(false);
      await verify(response);
    },
    [fail, testOrder, verify],
  );

  // Mounted from the first test order on (it stays, closed, so its closing animation can run).
  const dialog = testOrder ? (
    <Suspense fallback={null}>
      <TestGatewayDialog
        open={testOpen}
        order={testOrder}
        state={testState}
        onPay={(outcome) => void payTest(outcome)}
        onCancel={() => {
          setTestOpen(false);
          finish();
        }}
      />
    </Suspense>
  ) : null;

  return { start, activeKey, dialog };
}
