import { showErrorToast } from '@/lib/error-toast';

/** A refused team action's toast, with the server's own words (why it was refused). */
export function showTeamError(error: unknown, title: string) {
  showErrorToast(
    error,
    error instanceof Error && error.message ? { title, description: error.message } : { title },
  );
}
