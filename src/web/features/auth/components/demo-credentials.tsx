import { KeyRoundIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSiteConfig } from '@/lib/site-config';

/**
 * The demo-credentials box of the admin login (spec section 2). Shown only when the server says this
 * is a demo deployment, where the demo admin exists to be tried; never in production.
 */
export function DemoCredentials({
  onUse,
  disabled,
}: {
  onUse: (email: string, password: string) => void;
  disabled?: boolean;
}) {
  const { data } = useSiteConfig();
  const admin = data?.demo ? data.demoAccounts?.admin : undefined;
  if (!admin) return null;
  return (
    <section
      aria-labelledby="demo-credentials-title"
      className="rounded-lg border border-dashed border-primary/40 bg-primary/5 p-4 text-sm"
    >
      <div className="flex items-center gap-2 font-medium text-foreground">
        <KeyRoundIcon className="size-4 text-primary" aria-hidden />
        <h2 id="demo-credentials-title">Demo credentials</h2>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-muted-foreground">
        <dt>Email</dt>
        <dd className="truncate font-mono text-foreground">{admin.email}</dd>
        <dt>Password</dt>
        <dd className="font-mono text-foreground">{admin.password}</dd>
      </dl>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-3 w-full"
        disabled={disabled}
        onClick={() => onUse(admin.email, admin.password)}
      >
        Use demo credentials
      </Button>
    </section>
  );
}
