// The HTTP status of each refusal code (src/lib/errors.ts): the only place a business refusal becomes a
// status, used by the form helper, the API routes and the boundary.
import type { ErrorCode } from '../../lib/errors';

export const STATUS_OF_CODE = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  rate_limited: 429,
  failed: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;
export type ErrorStatus = (typeof STATUS_OF_CODE)[ErrorCode];

export const statusOf = (code: ErrorCode): ErrorStatus => STATUS_OF_CODE[code];
