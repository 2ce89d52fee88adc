import { type FormEvent, useId, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { PAYOUT_THRESHOLD_MIN_MINOR } from '@shared/payouts';
import { toMinorExact } from '@shared/pricing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { useSetPayoutThreshold } from '../api/set-payout-threshold';

/** The least payout a creator may ask for, per currency. */
export function ThresholdCard({
  thresholds,
}: {
  thresholds: { currency: string; thresholdMinor: number }[];
}) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Payout threshold</CardTitle>
        <CardDescription>
          Creators can ask for a payout once their available balance reaches this amount; sales become
          available 30 days after payment.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {thresholds.map((t) => (
          <ThresholdForm key={`${t.currency}-${t.thresholdMinor}`} {...t} />
        ))}
      </CardContent>
    </Card>
  );
}

function ThresholdForm({ currency, thresholdMinor }: { currency: string; thresholdMinor: number }) {
  const id = useId();
  const save = useSetPayoutThreshold();
  const [value, setValue] = useState((thresholdMinor / 100).toFixed(2));
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const minor = toMinorExact(Number(value));
    if (!Number.isFinite(minor)) return setError('Enter an amount in whole cents, such as 10.00');
    if (minor < PAYOUT_THRESHOLD_MIN_MINOR) return setError('The least payout cannot be below 1.00');
    setError(undefined);
    save.mutate(
      { currency, thresholdMinor: minor },
      { onSuccess: () => withToast((toast) => toast.success('Payout threshold saved')) },
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
      <Field
        id={`${id}-threshold`}
        label={`Least payout (${currency})`}
        error={error}
        hint={`Now ${formatMoney(thresholdMinor, currency)}`}
        className="sm:w-64"
      >
        <Input
          id={`${id}-threshold`}
          inputMode="decimal"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </Field>
      <Button type="submit" variant="outline" disabled={save.isPending} className="sm:mb-6">
        Save
      </Button>
    </form>
  );
}
