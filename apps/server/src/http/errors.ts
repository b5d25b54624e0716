/** Typed errors. One plugin (http/envelope.ts) turns them into the JSON envelope. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly code = 'APP_ERROR',
    /** More members of the error body, beside `error` and `errors` (a stale save's `current` content). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message = 'Validation failed') {
    super(400, message, errors, 'VALIDATION');
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Not signed in') {
    super(401, message, undefined, 'UNAUTHENTICATED');
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message, undefined, 'FORBIDDEN');
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message, undefined, 'NOT_FOUND');
  }
}
export class ConflictError extends AppError {
  constructor(message: string, errors?: FieldErrors, extra?: Record<string, unknown>) {
    super(409, message, errors, 'CONFLICT', extra);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message = 'Too many requests',
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message, undefined, 'RATE_LIMITED');
  }
}
