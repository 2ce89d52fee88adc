import { expect, test } from './test';
import { latestResetPath, registerAccount, signIn } from './auth-helpers';

/*
 * Forgotten password (spec sections 2, 4 and 5): the link arrives by e-mail (here: the outbox of the
 * e2e server, which has no SMTP), sets a new password, and leads to the login page 2 s later.
 */

test('forgot and reset a password with the link from the e-mail', async ({ page, request }) => {
  const account = await registerAccount(request, 'reset');
  const newPassword = `New-${account.password}`;

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/auth/forgot-password');
  await expect(page).toHaveTitle('Forgot Password · Promptforge');
  const main = page.getByRole('main');

  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(main.getByRole('alert')).toHaveText('Email is required');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(main.getByRole('alert')).toHaveText('Please enter a valid email address');

  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(main.getByRole('status')).toHaveText('Password reset link has been sent to your email');

  let resetPath: string | null = null;
  await expect
    .poll(() => {
      resetPath = latestResetPath(account.email);
      return resetPath;
    })
    .not.toBeNull();
  await page.goto(resetPath!);
  await expect(page).toHaveTitle('Reset Password · Promptforge');

  const submit = page.getByRole('button', { name: 'Reset Password' });
  const password = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  await submit.click();
  await expect(main.getByRole('alert')).toHaveText('Both password fields are required');
  await password.fill('abc');
  await confirm.fill('abc');
  await submit.click();
  await expect(main.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
  await password.fill(newPassword);
  await confirm.fill(`${newPassword}!`);
  await submit.click();
  await expect(main.getByRole('alert')).toHaveText('Passwords do not match');

  await confirm.fill(newPassword);
  const started = Date.now();
  await submit.click();
  await expect(main.getByRole('status')).toContainText('Password has been reset successfully');
  await expect(page).toHaveURL('/auth/login', { timeout: 5000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  await expect(main.getByRole('status')).toHaveText(
    'Password reset successful. Please log in with your new password.',
  );

  // The old password no longer works; the new one does.
  await signIn(page, account);
  await expect(main.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(page, { email: account.email, password: newPassword });
  await expect(page).toHaveURL('/dashboard');

  // The link worked once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(resetPath!);
  await page.getByLabel('New password', { exact: true }).fill('Another-pass-99');
  await page.getByLabel('Confirm new password').fill('Another-pass-99');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByRole('alert')).toHaveText(
    'Invalid reset token. Please request a new password reset.',
  );
  await expect(page.getByLabel('New password', { exact: true })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
    'href',
    '/auth/forgot-password',
  );
});

test('an unknown address gets the same answer', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.test`);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Password reset link has been sent to your email',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
    'href',
    '/auth/login',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    '/auth/signup',
  );
});
