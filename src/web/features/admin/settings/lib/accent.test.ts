import { describe, expect, it } from 'vitest';
import { ACCENT_COLORS } from '@shared/admin-settings';
import { ACCENT_PALETTE, accentVariables } from './accent';

describe('admin accent colours', () => {
  it('covers every accent the settings offer, in both themes', () => {
    expect(Object.keys(ACCENT_PALETTE).sort()).toEqual([...ACCENT_COLORS].sort());
  });

  it('sets primary, its foreground and the focus ring', () => {
    expect(accentVariables('green', 'light')).toEqual({
      '--primary': 'oklch(0.48 0.13 152)',
      '--primary-foreground': 'oklch(0.99 0 0)',
      '--ring': 'oklch(0.48 0.13 152)',
    });
    expect(accentVariables('green', 'dark')['--primary']).not.toBe(
      accentVariables('green', 'light')['--primary'],
    );
  });
});
