import { describe, expect, it } from 'vitest';
import type { AdminPrompt } from '@shared/admin-prompts';
import { EMPTY_PROMPT_FORM, createBody, updateBody, validatePromptForm } from './prompt-form';
import { filtersFromParams, paramsFromFilters, queryFromFilters } from './filters';

const filled = {
  ...EMPTY_PROMPT_FORM,
  title: '  Launch Plan ',
  description: ' Plans a launch. ',
  content: '  Plan the launch of {{product}} step by step. ',
  category: 'Marketing',
};

const prompt = {
  id: 'p1',
  title: 'Launch Plan',
  description: 'Plans a launch.',
  content: 'Plan the launch of {{product}} step by step.',
  category: 'marketing',
  type: 'free',
  price: 0,
  status: 'published',
  featured: false,
  trending: false,
} as AdminPrompt;

describe('validatePromptForm', () => {
  it("gives the spec's first failing message", () => {
    expect(validatePromptForm(EMPTY_PROMPT_FORM)).toEqual({ field: 'title', message: 'Title is required' });
    expect(validatePromptForm({ ...filled, description: ' ' })?.message).toBe('Description is required');
    expect(validatePromptForm({ ...filled, content: '   ' })?.message).toBe(
      'Content is required (minimum 10 characters)',
    );
    expect(validatePromptForm({ ...filled, content: ' 123456789 ' })?.message).toBe(
      'Content must be at least 10 characters long',
    );
    expect(validatePromptForm({ ...filled, category: 'cooking' })?.message).toBe(
      'Please select a valid category',
    );
    expect(validatePromptForm({ ...filled, type: 'premium', price: '' })?.field).toBe('price');
    expect(validatePromptForm({ ...filled, type: 'premium', price: '9.99' })).toBeNull();
    expect(validatePromptForm(filled)).toBeNull();
  });
});

describe('createBody', () => {
  it('trims, lowercases, sends tags empty, and prices by type', () => {
    expect(createBody({ ...filled, price: '12' })).toMatchObject({
      title: 'Launch Plan',
      description: 'Plans a launch.',
      content: 'Plan the launch of {{product}} step by step.',
      category: 'marketing',
      tags: [],
      isPaid: false,
      price: 0,
      status: 'draft',
    });
    expect(createBody({ ...filled, type: 'premium', price: '4.5' })).toMatchObject({
      isPaid: true,
      price: 4.5,
    });
  });
});

describe('updateBody', () => {
  it('sends only status, featured and trending when no content changed', () => {
    expect(updateBody(prompt, { ...filled, status: 'archived', featured: true })).toEqual({
      status: 'archived',
      featured: true,
    });
    expect(updateBody(prompt, { ...filled, status: 'published', trending: true })).toEqual({
      status: 'published',
      featured: false,
      trending: true,
    });
  });

  it('sends the whole form when a content field changed', () => {
    const body = updateBody(prompt, { ...filled, title: 'New Title', status: 'published' });
    expect(body).toMatchObject({
      title: 'New Title',
      content: prompt.content,
      category: 'marketing',
      status: 'published',
    });
    expect(body).not.toHaveProperty('trending');
  });
});

describe('filters in the URL', () => {
  it('reads search and status (pending means drafts), ignores unknown values, and writes back only what is set', () => {
    const f = filtersFromParams(
      new URLSearchParams('search=seo&status=pending&category=analytics&type=premium&page=3'),
    );
    expect(f).toEqual({ search: 'seo', status: 'draft', category: 'all', type: 'premium', page: 3 });
    expect(paramsFromFilters(f).toString()).toBe('search=seo&status=draft&type=premium&page=3');
    expect(queryFromFilters(f)).toEqual({
      search: 'seo',
      status: 'draft',
      category: undefined,
      type: 'premium',
      page: 3,
      limit: 50,
    });
    expect(filtersFromParams(new URLSearchParams('status=bogus&page=-2'))).toMatchObject({
      status: 'all',
      page: 1,
    });
  });
});
