import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

/*
 * tailwind-merge's `twMerge`, made here so that its tables can be built ahead of the first render.
 * Built on first use, they cost one uninterrupted block of tens of milliseconds on a slow phone,
 * inside whichever component first calls `cn` (a slice of hydration React cannot cut). The app's
 * start builds them with prepareClassNames instead, in tasks of their own.
 */
let config: ReturnType<typeof getDefaultConfig> | undefined;
const merge = createTailwindMerge(() => config ?? getDefaultConfig());

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}

/**
 * Builds the tables `cn` merges with, in two tasks of their own (`nextTask` resolves in a new one):
 * the default configuration, then the class map made from it. Calling `cn` meanwhile is fine.
 */
export async function prepareClassNames(nextTask: () => Promise<void>): Promise<void> {
  await nextTask();
  config ??= getDefaultConfig();
  await nextTask();
  merge('');
}
