import { PageLoadFailed } from '@/components/page-states';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettings } from '../api/get-settings';
import { ApiKeysCard } from '../components/api-keys-card';
import { BillingCard } from '../components/billing-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { NotificationsCard } from '../components/notifications-card';
import { PasswordCard } from '../components/password-card';
import { ProfileCard } from '../components/profile-card';
import { ThemeCard } from '../components/theme-card';

function SettingsSkeleton() {
  return (
    <div className="grid gap-6" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Card key={i} className="p-6">
          <div className="flex items-center gap-4">
            <Skeleton className="size-10 rounded-lg" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-2/3" />
            </div>
          </div>
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** /settings: profile, billing, password, appearance and account deletion for the signed-in user. */
export function SettingsPage() {
  const settings = useSettings();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-2 text-muted-foreground">
          Manage your profile, billing, password, notifications and how Promptforge looks.
        </p>
      </header>
      {settings.isPending ? (
        <div role="status" aria-label="Loading settings">
          <SettingsSkeleton />
        </div>
      ) : settings.isError ? (
        <PageLoadFailed what="settings" onRetry={() => void settings.refetch()} />
      ) : (
        // One column that may shrink below its content, so a wide table scrolls instead of the page.
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <ProfileCard settings={settings.data} />
          <BillingCard />
          <ApiKeysCard />
          <PasswordCard email={settings.data.email} />
          <ThemeCard />
          <NotificationsCard settings={settings.data} />
          <DeleteAccountCard email={settings.data.email} />
        </div>
      )}
    </div>
  );
}
