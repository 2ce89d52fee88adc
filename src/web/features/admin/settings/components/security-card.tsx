import { ShieldCheckIcon, ShieldIcon, ShieldOffIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { findInvalidIpEntry, ipEntryError } from '@shared/admin-ip';
import { SESSION_TIMEOUTS, type SecuritySettings, type SessionTimeout } from '@shared/admin-settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { showErrorToast } from '@/lib/error-toast';
import { useUpdateAdminSettings } from '../api/update-admin-settings';
import { serverFieldErrors } from '@/lib/field-errors';
import { Field, describedBy } from '@/components/ui/form-field';
import { SettingsCard } from './settings-card';
import { SwitchRow } from './switch-row';
import { TwoFactorDialog } from './two-factor-dialog';

const TIMEOUT_LABELS: Record<SessionTimeout, string> = {
  '1': '1 hour',
  '4': '4 hours',
  '8': '8 hours',
  '24': '24 hours',
  '168': '1 week (168 hours)',
};

/** Two-factor sign-in, login alerts, how long an admin sign-in lasts, and the IP whitelist. */
export function SecurityCard({ security }: { security: SecuritySettings }) {
  const [values, setValues] = useState({
    loginAlerts: security.loginAlerts,
    sessionTimeout: security.sessionTimeout,
    ipWhitelist: security.ipWhitelist,
  });
  const [ipError, setIpError] = useState<string>();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const update = useUpdateAdminSettings();
  const ids = { timeout: useId(), ip: useId() };

  const save = () => {
    const bad = findInvalidIpEntry(values.ipWhitelist);
    if (bad !== null) {
      setIpError(ipEntryError(bad));
      withToast((toast) => toast.error('Error', { description: ipEntryError(bad) }));
      return;
    }
    update.mutate(
      { security: values },
      {
        onSuccess: ({ settings }) => {
          setValues((v) => ({ ...v, ipWhitelist: settings.security.ipWhitelist }));
          withToast((toast) =>
            toast.success('Security Updated', { description: 'Your security settings have been saved.' }),
          );
        },
        onError: (err) => {
          const problem = serverFieldErrors(err, ['ipWhitelist'] as const).ipWhitelist;
          setIpError(problem);
          showErrorToast(err, {
            title: 'Error',
            description: problem ?? 'Failed to update security settings',
          });
        },
      },
    );
  };

  return (
    <SettingsCard
      id="security"
      title="Security"
      description="Protect the admin panel: second factor, alerts, session length and allowed addresses."
      icon={<ShieldIcon />}
      saveLabel="Save Security"
      saving={update.isPending}
      onSave={save}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/30 p-4">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <span className="text-sm font-medium">Two-factor authentication</span>
            {security.twoFactorAuth ? (
              <Badge variant="success">
                <ShieldCheckIcon aria-hidden />
                On
              </Badge>
            ) : (
              <Badge variant="secondary">Off</Badge>
            )}
          </div>
          <p className="mt-0.5 text-xs text-muted-foreground">
            Ask for a 6-digit code from an authenticator app at each admin sign-in.
          </p>
        </div>
        {security.twoFactorAuth ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setDialog('disable')}>
            <ShieldOffIcon aria-hidden />
            Turn off
          </Button>
        ) : (
          <Button type="button" size="sm" onClick={() => setDialog('enable')}>
            <ShieldCheckIcon aria-hidden />
            Set up
          </Button>
        )}
      </div>
      <SwitchRow
        label="Login alerts"
        description="An e-mail each time your account signs in to the admin panel."
        checked={values.loginAlerts}
        onCheckedChange={(checked) => setValues((v) => ({ ...v, loginAlerts: checked }))}
      />
      <div className="grid gap-2">
        <Label htmlFor={ids.timeout}>Session timeout</Label>
        <Select
          value={values.sessionTimeout}
          onValueChange={(v) => {
            const next = SESSION_TIMEOUTS.find((t) => t === v);
            if (next) setValues((s) => ({ ...s, sessionTimeout: next }));
          }}
        >
          <SelectTrigger id={ids.timeout} className="w-full sm:w-64">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SESSION_TIMEOUTS.map((hours) => (
              <SelectItem key={hours} value={hours}>
                {TIMEOUT_LABELS[hours]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-xs text-muted-foreground">
          Admin sign-ins end after this long. Lowering it also shortens your current sessions.
        </p>
      </div>
      <Field
        id={ids.ip}
        label="IP whitelist (optional)"
        error={ipError}
        hint="Comma-separated addresses or CIDR ranges, e.g. 203.0.113.7, 10.0.0.0/8. Empty allows any address."
      >
        <Input
          value={values.ipWhitelist}
          placeholder="203.0.113.7, 10.0.0.0/8"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => {
            setValues((v) => ({ ...v, ipWhitelist: e.target.value }));
            setIpError(undefined);
          }}
          {...describedBy(ids.ip, ipError, true)}
        />
      </Field>
      <TwoFactorDialog mode={dialog} onClose={() => setDialog(null)} />
    </SettingsCard>
  );
}
