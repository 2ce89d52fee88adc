import { CircleAlertIcon, CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

const ICONS = { destructive: CircleAlertIcon, success: CircleCheckIcon, warning: TriangleAlertIcon } as const;

/** The red alert for errors, the green notice for good news, amber for a warning (spec section 2). */
export function FormNotice({
  variant,
  children,
  id,
}: {
  variant: keyof typeof ICONS;
  children: string;
  id?: string;
}) {
  const Icon = ICONS[variant];
  return (
    <Alert variant={variant} id={id}>
      <Icon aria-hidden />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}
