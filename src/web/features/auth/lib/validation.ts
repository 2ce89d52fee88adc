import type { z } from 'zod';
import {
  AdminLoginSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from '@shared/auth';

/*
 * Client checks of spec section 5. The auth screens show one message at a time, the first that
 * applies in the spec's order, so each check returns a single message (or null when the form may be
 * sent). The shared schemas list fields in that order and are the ones the server applies.
 */

/** The first problem the schema finds, in field order. */
export function firstIssue(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check your input');
}

export function validateLogin(values: { email: string; password: string }): string | null {
  // Both are required before either is checked further.
  if (!values.email.trim() || !values.password) return 'Email and password are required';
  return firstIssue(LoginSchema, values);
}

export function validateSignup(values: {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}): string | null {
  const issue = firstIssue(RegisterSchema, values);
  if (issue) return issue;
  if (!values.confirmPassword) return 'Please confirm your password';
  if (values.confirmPassword !== values.password) return 'Passwords do not match';
  return null;
}

export function validateForgotPassword(values: { email: string }): string | null {
  return firstIssue(ForgotPasswordSchema, values);
}

export function validateResetPassword(values: {
  token: string;
  password: string;
  confirmPassword: string;
}): string | null {
  if (!values.token.trim()) return 'Invalid reset token';
  if (!values.password || !values.confirmPassword) return 'Both password fields are required';
  const issue = firstIssue(ResetPasswordSchema, values);
  if (issue) return issue;
  if (values.password !== values.confirmPassword) return 'Passwords do not match';
  return null;
}

export function validateAdminLogin(values: { email: string; password: string }): string | null {
  if (!values.email.trim() || !values.password) return 'Please fill in all fields';
  return firstIssue(AdminLoginSchema, values);
}
