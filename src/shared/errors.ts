/** Error codes and default texts of spec section 8, shared by the server's envelope and the client's toasts. */

export const ERROR_CODES = [
  'NETWORK_ERROR',
  'AUTHENTICATION_ERROR',
  'AUTHORIZATION_ERROR',
  'VALIDATION_ERROR',
  'NOT_FOUND_ERROR',
  'SERVER_ERROR',
  'PAYMENT_ERROR',
  'RATE_LIMIT_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Default message per HTTP status (spec section 8, "Default messages"). */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Invalid request. Please check your input.',
  401: 'Authentication required. Please log in.',
  403: "Access denied. You don't have permission to perform this action.",
  404: 'The requested resource was not found.',
  429: 'Too many requests. Please try again later.',
  500: 'Internal server error. Please try again later.',
  502: 'Bad gateway. The server is temporarily unavailable.',
  503: 'Service unavailable. Please try again later.',
  504: 'Gateway timeout. The request took too long to process.',
};

export const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.';
export const NETWORK_MESSAGE = 'Network error. Please check your internet connection.';

export function defaultMessageForStatus(status: number): string {
  return STATUS_MESSAGES[status] ?? UNEXPECTED_MESSAGE;
}

/** Status to code mapping (spec section 8, "Status mapping"). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 0) return 'NETWORK_ERROR';
  if (status === 400 || status === 422) return 'VALIDATION_ERROR';
  if (status === 401) return 'AUTHENTICATION_ERROR';
  if (status === 402) return 'PAYMENT_ERROR';
  if (status === 403) return 'AUTHORIZATION_ERROR';
  if (status === 404) return 'NOT_FOUND_ERROR';
  if (status === 429) return 'RATE_LIMIT_ERROR';
  return 'SERVER_ERROR';
}

/** The status each code is answered with when a service throws it. */
export const STATUS_FOR_CODE: Record<ErrorCode, number> = {
  NETWORK_ERROR: 0,
  VALIDATION_ERROR: 400,
  AUTHENTICATION_ERROR: 401,
  PAYMENT_ERROR: 402,
  AUTHORIZATION_ERROR: 403,
  NOT_FOUND_ERROR: 404,
  RATE_LIMIT_ERROR: 429,
  SERVER_ERROR: 500,
};

/** Destructive toast title and description per code (spec section 8, "Error toasts"). */
export const ERROR_TOASTS: Record<ErrorCode, { title: string; description: string }> = {
  NETWORK_ERROR: {
    title: 'Connection Error',
    description: 'Please check your internet connection and try again.',
  },
  AUTHENTICATION_ERROR: { title: 'Authentication Required', description: 'Please log in to continue.' },
  AUTHORIZATION_ERROR: {
    title: 'Access Denied',
    description: "You don't have permission to perform this action.",
  },
  VALIDATION_ERROR: { title: 'Invalid Input', description: 'Please check your input and try again.' },
  NOT_FOUND_ERROR: { title: 'Not Found', description: 'The requested item could not be found.' },
  PAYMENT_ERROR: {
    title: 'Payment Error',
    description: 'Payment processing failed. Please try again or contact support.',
  },
  RATE_LIMIT_ERROR: {
    title: 'Rate Limit Exceeded',
    description: "You're making requests too quickly. Please wait a moment and try again.",
  },
  SERVER_ERROR: {
    title: 'Server Error',
    description: "We're experiencing technical difficulties. Please try again later.",
  },
};
