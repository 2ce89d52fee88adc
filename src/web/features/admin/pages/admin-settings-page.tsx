import { RotateCwIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminSettings } from '../settings/api/get-admin-settings';
import { NotificationsCard } from '../settings/components/notifications-card';
import { ProfileCard } from '../settings/components/profile-card';
import { SecurityCard } from '../settings/components/security-card';
import { ThemeCard } from '../settings/components/theme-card';

/** /admin/settings: 'Admin Settings', four cards each saved on its own (spec section 2). */
export function AdminSettingsPage() {
  const settings = useAdminSettings();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Admin Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Your profile, how the panel looks, what you are told about, and how your sign-in is protected.
        </p>
      </div>
      {settings.isPending ? (
        <div className="grid gap-6 xl:grid-cols-2" aria-busy="true" aria-label="Loading settings">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-96 rounded-xl" />
          ))}
        </div>
      ) : settings.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to load settings</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {settings.error.message || 'Please try refreshing the page'}
            <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
              <RotateCwIcon aria-hidden />
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <ProfileCard profile={settings.data.profile} />
          <ThemeCard theme={settings.data.theme} />
          <NotificationsCard notifications={settings.data.notifications} />
          <SecurityCard security={settings.data.security} />
        </div>
      )}
    </div>
  );
}
