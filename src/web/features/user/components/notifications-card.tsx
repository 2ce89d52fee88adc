import { BellIcon } from 'lucide-react';
import { withToast } from '@/lib/lazy-toast';
import type { Settings } from '@shared/auth';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { showErrorToast } from '@/lib/error-toast';
import { useUpdateSettings } from '../api/update-settings';
import { SectionCard } from '@/components/section-card';

/** The e-mail opt-in for updates of prompts the user bought or liked (off unless they turn it on). */
export function NotificationsCard({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const checked = update.isPending ? (update.variables.emailOnUpdates ?? false) : settings.emailOnUpdates;
  const change = (emailOnUpdates: boolean) =>
    update.mutate(
      { emailOnUpdates },
      {
        onSuccess: () =>
          withToast((toast) =>
            toast.success('Notifications Updated', {
              description: emailOnUpdates
                ? 'We will e-mail you when a prompt you bought or liked is updated.'
                : 'Updates stay in your notifications; no e-mail.',
            }),
          ),
        onError: (err) =>
          showErrorToast(err, { title: 'Error', description: 'Failed to update notification settings' }),
      },
    );
  return (
    <SectionCard
      id="notifications"
      title="Notifications"
      description="Updates, reviews and sales always appear under the bell at the top of the page."
      icon={<BellIcon />}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor="email-on-updates">E-mail me when a prompt I bought or liked is updated</Label>
          <p className="text-sm text-muted-foreground">
            One e-mail per new version, with the creator's note.
          </p>
        </div>
        <Switch
          id="email-on-updates"
          checked={checked}
          onCheckedChange={change}
          disabled={update.isPending}
        />
      </div>
    </SectionCard>
  );
}
