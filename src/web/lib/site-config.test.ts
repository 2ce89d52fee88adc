import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getSiteConfigQueryOptions, listInWords, seedSiteConfig } from './site-config';

describe('listInWords', () => {
  it('names one, two or more things as a sentence does, and nothing as null', () => {
    expect(listInWords([])).toBeNull();
    expect(listInWords(['Claude'])).toBe('Claude');
    expect(listInWords(['Claude', 'ChatGPT'])).toBe('Claude and ChatGPT');
    expect(listInWords(['Claude', 'ChatGPT', 'Perplexity'])).toBe('Claude, ChatGPT and Perplexity');
  });
});

describe('seedSiteConfig', () => {
  it('files the facts a rendered page came with, and nothing when it came without', () => {
    const client = new QueryClient();
    const key = getSiteConfigQueryOptions().queryKey;
    seedSiteConfig(client, undefined);
    expect(client.getQueryData(key)).toBeUndefined();
    const facts = {
      demo: false,
      demoAccounts: null,
      https: true,
      payments: 'razorpay',
      currency: 'USD',
      liveModels: [],
    };
    seedSiteConfig(client, facts);
    expect(client.getQueryData(key)).toEqual(facts);
  });
});
