import { describe, expect, it } from 'vitest';
import { UpdateSettingsSchema } from '@shared/auth';
import { ApiError } from './api-client';
import { firstError, hasErrors, schemaFieldErrors, serverFieldErrors } from './field-errors';

const FIELDS = ['email', 'newPassword', 'confirmPassword', 'tags'] as const;
const invalid = (details: { field: string; message: string }[]) =>
  new ApiError('Invalid', 400, 'VALIDATION_ERROR', details);

describe('field errors', () => {
  it('keeps the first schema message of each field of the form', () => {
    const errors = schemaFieldErrors(
      UpdateSettingsSchema,
      { email: 'nope', newPassword: 'short', confirmPassword: 'other' },
      FIELDS,
    );
    expect(errors).toEqual({
      email: expect.any(String),
      newPassword: expect.stringContaining('at least'),
      confirmPassword: "New passwords don't match",
    });
    expect(schemaFieldErrors(UpdateSettingsSchema, { email: 'a@b.co' }, FIELDS)).toEqual({});
  });

  it("puts the server's messages under the fields their paths name, the first of each", () => {
    const error = invalid([
      { field: 'profile.email', message: 'Email is taken' },
      { field: 'email', message: 'A second message' },
      { field: 'tags.3', message: 'Tag too long' },
      { field: 'name', message: 'Not a field of this form' },
    ]);
    expect(serverFieldErrors(error, FIELDS)).toEqual({ email: 'Email is taken', tags: 'Tag too long' });
  });

  it('finds nothing in other errors', () => {
    expect(serverFieldErrors(new ApiError('Not found', 404, 'NOT_FOUND_ERROR'), FIELDS)).toEqual({});
    expect(serverFieldErrors(new Error('boom'), FIELDS)).toEqual({});
  });

  it('tells whether a form has an error, and which comes first', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ email: undefined })).toBe(false);
    expect(firstError({ email: undefined, tags: 'Tag too long' })).toBe('Tag too long');
  });
});
