/**
 * The two demo accounts of product-decisions.md section 3. They exist only in demo mode, and the admin
 * login page shows them there so anyone trying the product can sign in.
 */
export const DEMO_ACCOUNTS = {
  user: { email: 'demo@promptforge.test', password: 'demo-pass-123', name: 'Demo User' },
  admin: { email: 'admin@promptforge.test', password: 'admin-pass-123', name: 'Demo Admin' },
} as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];
