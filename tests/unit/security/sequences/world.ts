import crypto from 'node:crypto';
import { expect } from 'vitest';
import { insertSubscription } from '../../../support/factories';
import type { FakeRazorpay } from '../../../support/fake-razorpay';
import { PREMIUM_PLAN, type PlaygroundHarness } from '../../../support/playground';

/*
 * The world one generated sequence acts in: its own actors (two creators who also buy from each other,
 * two buyers, one of them on Premium, and a Free user), the admin shared by every sequence, and what
 * the sequence made so far. The commands act through the real HTTP API; `call` is the one way they
 * do, so every answer is checked for a 5xx and for hidden text the caller may not read.
 */

export const ACTORS = ['creatorA', 'creatorB', 'buyerA', 'buyerB', 'free'] as const;
export type ActorKey = (typeof ACTORS)[number];
export type Caller = ActorKey | 'admin' | 'anonymous';

export interface Actor {
  id: string;
  token: string;
  /** Hidden words this actor typed into a chat: echoing them back reveals nothing. */
  typed: Set<string>;
  /** The allowance the playground last reported, to check it never goes down. */
  usageSeen: number;
}

export interface WorldPrompt {
  id: string;
  author: ActorKey;
  /** A word found only in this prompt's text, to look for in every answer. */
  secret: string;
  content: string;
}

export interface WorldOrder {
  orderId: string;
  paymentId: string;
  buyer: ActorKey;
  /** Checkout's signed success, once the buyer paid. */
  paid?: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

export interface WorldSession {
  id: string;
  owner: ActorKey;
  prompt: WorldPrompt | null;
}

export interface Shared {
  h: PlaygroundHarness;
  razorpay: FakeRazorpay;
  admin: { id: string; token: string };
}

export interface World extends Shared {
  actors: Record<ActorKey, Actor>;
  prompts: WorldPrompt[];
  orders: WorldOrder[];
  sessions: WorldSession[];
  /** Premium tries that were started, by `${actor} ${promptId}`. */
  tries: Map<string, number>;
  /** What the sequence did so far, for the failure message. */
  log: string[];
}

export async function newWorld(shared: Shared): Promise<World> {
  shared.razorpay.next = null;
  const entries = await Promise.all(
    ACTORS.map(async (key) => {
      const u = await shared.h.quickUser(`${key} ${crypto.randomBytes(3).toString('hex')}`);
      return [key, { id: u.id, token: u.token, typed: new Set<string>(), usageSeen: 0 }] as const;
    }),
  );
  const actors = Object.fromEntries(entries) as Record<ActorKey, Actor>;
  await insertSubscription(shared.h.t.database.db, actors.buyerB.id, PREMIUM_PLAN);
  return { ...shared, actors, prompts: [], orders: [], sessions: [], tries: new Map(), log: [] };
}

export const pick = <T>(items: T[], n: number): T | undefined =>
  items.length ? items[n % items.length] : undefined;

const tokenOf = (w: World, who: Caller) =>
  who === 'anonymous' ? undefined : who === 'admin' ? w.admin.token : w.actors[who].token;

/**
 * One request as `who`. Never a 5xx, and never the text of a premium prompt the caller may not read
 * (its author, a buyer and the admin may; anyone may echo back words they typed themselves).
 */
export async function call(
  w: World,
  who: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) {
  const faulty = w.razorpay.next !== null;
  const res = await w.h.call(method, url, tokenOf(w, who), body);
  const where = `${who} ${method} ${url} ${body ? JSON.stringify(body).slice(0, 300) : ''}`;
  // 502 is the spec's answer when the payment gateway fails the call made for this request.
  const gatewayFailed = faulty && w.razorpay.next === null && res.statusCode === 502;
  if (!gatewayFailed)
    expect(res.statusCode, `${where} answered ${res.statusCode}: ${res.body.slice(0, 500)}`).toBeLessThan(
      500,
    );
  if (who !== 'admin') await expectNoHiddenText(w, who, res.body, where);
  return res;
}

/** Whether `who` may read the prompt's text now: its author, a buyer, the admin, or anyone when it is free. */
export async function mayRead(w: World, who: Caller, p: WorldPrompt): Promise<boolean> {
  if (who === 'admin' || who === p.author) return true;
  const db = w.h.t.database.db;
  const row = await db.selectFrom('prompts').select(['type']).where('id', '=', p.id).executeTakeFirst();
  if (!row || row.type !== 'premium') return true;
  if (who === 'anonymous') return false;
  const bought = await db
    .selectFrom('purchases')
    .select('id')
    .where('prompt_id', '=', p.id)
    .where('buyer_id', '=', w.actors[who].id)
    .executeTakeFirst();
  return Boolean(bought);
}

async function expectNoHiddenText(w: World, who: ActorKey | 'anonymous', text: string, where: string) {
  for (const p of w.prompts) {
    if (!text.includes(p.secret)) continue;
    if (who !== 'anonymous' && w.actors[who].typed.has(p.secret)) continue;
    if (!(await mayRead(w, who, p)))
      expect.fail(`${where} showed the hidden text of premium prompt ${p.id} to ${who}`);
  }
}
