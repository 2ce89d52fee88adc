import { expect } from 'vitest';
import { apiHelpers } from './api';
import type { TestApp } from './test-app';

/** What the versions and notifications suites share: a creator's prompt, an edit, a purchase. */
export function versionHelpers(app: () => TestApp) {
  const api = apiHelpers(app);
  const { call } = api;
  let n = 0;

  async function createPrompt(token: string, body: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/user/prompts', token, {
      title: `Release notes writer ${n++}`,
      description: 'Turns a list of changes into release notes.',
      content: 'You write release notes.\nGroup the changes by area.\nKeep each line short.',
      category: 'writing',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.prompt as { id: string; slug: string; title: string };
  }

  async function edit(token: string, id: string, body: Record<string, unknown>) {
    const res = await call('PUT', `/api/user/prompts/${id}`, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  /** Buys a premium prompt through the built-in test gateway, as the checkout dialog does. */
  async function buy(token: string, promptId: string) {
    const order = await call('POST', '/api/payments/create-order', token, { promptId });
    expect(order.statusCode, order.body).toBe(200);
    const signed = await call('POST', '/api/payments/test-gateway/pay', token, {
      orderId: order.json().data.orderId,
      outcome: 'succeed',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const verified = await call('POST', '/api/payments/verify', token, signed.json().data);
    expect(verified.statusCode, verified.body).toBe(200);
  }

  const notices = async (userId: string) =>
    app()
      .database.db.selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();

  return { ...api, createPrompt, edit, buy, notices };
}
