import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { BillingPeriod } from '../lib/price';

const OPTIONS: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

interface BillingPeriodToggleProps {
  value: BillingPeriod;
  onChange: (value: BillingPeriod) => void;
  /** The best annual saving of the plans on show (from their prices); 0 hides the badge. */
  savePercent: number;
  className?: string;
}

/**
 * A segmented Monthly/Annual control. Native radios give arrow-key movement and the radio-group
 * semantics screen readers expect without re-implementing them.
 */
export function BillingPeriodToggle({ value, onChange, savePercent, className }: BillingPeriodToggleProps) {
  const name = useId();
  return (
    <fieldset className={cn('inline-flex items-center gap-1 rounded-full border bg-muted/60 p-1', className)}>
      <legend className="sr-only">Billing period</legend>
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          className={cn(
            'group relative inline-flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-medium text-muted-foreground transition-colors select-none',
            'hover:text-foreground has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:checked]:shadow-sm',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            // Transparent and covering its label, so a click anywhere on the pill lands on the radio itself.
            className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
          />
          {option.label}
          {option.value === 'annual' && savePercent > 0 && (
            <Badge
              variant="success"
              className="px-2 py-0 text-[11px] leading-5 group-has-[:checked]:bg-primary-foreground/20 group-has-[:checked]:text-primary-foreground"
            >
              Save {savePercent}%
            </Badge>
          )}
        </label>
      ))}
    </fieldset>
  );
}
