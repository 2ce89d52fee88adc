import { BellIcon } from 'lucide-react';
import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { NOTIFICATION_KEYS, type NotificationKey, type NotificationSettings } from '@shared/admin-settings';
import { showErrorToast } from '@/lib/error-toast';
import { useUpdateAdminSettings } from '../api/update-admin-settings';
import { SettingsCard } from './settings-card';
import { SwitchRow } from './switch-row';

const COPY: Record<NotificationKey, { label: string; description: string }> = {
  emailNotifications: {
    label: 'Email notifications',
    description: 'Send the alerts and reports below by e-mail.',
  },
  pushNotifications: {
    label: 'Push notifications',
    description: 'Browser alerts. Saved now; the panel does not send push alerts yet.',
  },
  newUserAlerts: {
    label: 'New user registrations',
    description: 'An e-mail when someone creates an account.',
  },
  newPromptAlerts: {
    label: 'New prompt submissions',
    description: 'An e-mail when a creator publishes a prompt.',
  },
  paymentAlerts: { label: 'Payment alerts', description: 'An e-mail for each payment received.' },
  systemAlerts: { label: 'System alerts', description: 'Problems that need an administrator.' },
  weeklyReports: {
    label: 'Weekly reports',
    description: 'A summary of users, prompts, revenue and sessions each week.',
  },
  monthlyReports: { label: 'Monthly reports', description: 'The same summary for the past month.' },
};

/** Which alerts and reports this admin receives. */
export function NotificationsCard({ notifications }: { notifications: NotificationSettings }) {
  const [values, setValues] = useState(notifications);
  const update = useUpdateAdminSettings();
  const save = () =>
    update.mutate(
      { notifications: values },
      {
        onSuccess: () =>
          withToast((toast) =>
            toast.success('Notifications Updated', {
              description: 'Your notification preferences have been saved.',
            }),
          ),
        onError: (err) =>
          showErrorToast(err, { title: 'Error', description: 'Failed to update notification settings' }),
      },
    );
  const emailOff = !values.emailNotifications;

  return (
    <SettingsCard
      id="notifications"
      title="Notifications"
      description="Choose the alerts and reports you receive."
      icon={<BellIcon />}
      saveLabel="Save Notifications"
      saving={update.isPending}
      onSave={save}
      footer={emailOff ? 'E-mail is off: no alert or report will be e-mailed.' : undefined}
    >
      <div className="grid gap-4">
        {NOTIFICATION_KEYS.map((key) => (
          <SwitchRow
            key={key}
            {...COPY[key]}
            checked={values[key]}
            onCheckedChange={(checked) => setValues((s) => ({ ...s, [key]: checked }))}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
