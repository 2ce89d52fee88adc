/** Money is stored as integer minor units (cents); the API also gives major units for display. */
export const fromMinor = (minor: number): number => Math.round(minor) / 100;
export const toMinor = (major: number): number => Math.round(major * 100);
