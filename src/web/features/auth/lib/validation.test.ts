import { describe, expect, it } from 'vitest';
import {
  validateAdminLogin,
  validateForgotPassword,
  validateLogin,
  validateResetPassword,
  validateSignup,
} from './validation';

describe('login', () => {
  it('asks for both fields before checking the address', () => {
    expect(validateLogin({ email: '', password: '' })).toBe('Email and password are required');
    expect(validateLogin({ email: 'not-an-address', password: '' })).toBe('Email and password are required');
    expect(validateLogin({ email: '   ', password: 'secret' })).toBe('Email and password are required');
    expect(validateLogin({ email: 'not-an-address', password: 'x' })).toBe(
      'Please enter a valid email address',
    );
    expect(validateLogin({ email: ' ada@example.com ', password: 'x' })).toBeNull();
  });
});

describe('sign-up, in the spec order', () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'engine-42',
    confirmPassword: 'engine-42',
  };
  const cases: [Partial<typeof valid>, string][] = [
    [{ name: '', email: '', password: '', confirmPassword: '' }, 'Full name is required'],
    [{ name: '   ' }, 'Full name is required'],
    [{ name: ' A ', email: '' }, 'Full name must be at least 2 characters'],
    [{ email: '', password: '' }, 'Email is required'],
    [{ email: 'ada@', password: '' }, 'Please enter a valid email address'],
    [{ password: '', confirmPassword: '' }, 'Password is required'],
    [{ password: '12345', confirmPassword: '' }, 'Password must be at least 6 characters long'],
    [{ confirmPassword: '' }, 'Please confirm your password'],
    [{ confirmPassword: 'engine-43' }, 'Passwords do not match'],
  ];
  it.each(cases)('%o -> %s', (changes, message) => {
    expect(validateSignup({ ...valid, ...changes })).toBe(message);
  });
  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toBeNull();
  });
});

describe('forgot password', () => {
  it('needs a valid address', () => {
    expect(validateForgotPassword({ email: '' })).toBe('Email is required');
    expect(validateForgotPassword({ email: 'ada' })).toBe('Please enter a valid email address');
    expect(validateForgotPassword({ email: 'ada@example.com' })).toBeNull();
  });
});

describe('reset password', () => {
  it('checks the token, then both fields, the length and the match', () => {
    expect(validateResetPassword({ token: '', password: 'abcdef', confirmPassword: 'abcdef' })).toBe(
      'Invalid reset token',
    );
    expect(validateResetPassword({ token: 't', password: 'abcdef', confirmPassword: '' })).toBe(
      'Both password fields are required',
    );
    expect(validateResetPassword({ token: 't', password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(validateResetPassword({ token: 't', password: 'abcdef', confirmPassword: 'abcdeg' })).toBe(
      'Passwords do not match',
    );
    expect(validateResetPassword({ token: 't', password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});

describe('admin login', () => {
  it('asks for both fields', () => {
    expect(validateAdminLogin({ email: 'admin@example.com', password: '' })).toBe(
      'Please fill in all fields',
    );
    expect(validateAdminLogin({ email: '', password: 'x' })).toBe('Please fill in all fields');
    expect(validateAdminLogin({ email: 'admin@example.com', password: 'x' })).toBeNull();
  });
});
