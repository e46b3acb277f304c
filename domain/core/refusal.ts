/**
 * Why a request was refused, in the words every layer shares. The domain throws a Refusal;
 * pages and endpoints turn it into an answer with `httpStatusOf`, the one place codes meet HTTP.
 */
export const REFUSAL_STATUS = {
  invalid: 400,
  /** No session, or credentials that do not sign anyone in. */
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type RefusalCode = keyof typeof REFUSAL_STATUS;

export interface RefusalOptions {
  /** The first message per form field, when the refusal is about the input. */
  fieldErrors?: Partial<Record<string, string>>;
  /** For `rate_limited`: seconds until another attempt is counted. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** A service said no, with a message meant for the person asking (never a 500). */
export class Refusal extends Error {
  readonly fieldErrors: Partial<Record<string, string>>;
  readonly retryAfterSeconds?: number;
  /** The HTTP status this refusal is answered with. */
  readonly status: number;

  constructor(
    readonly code: RefusalCode,
    message: string,
    options: RefusalOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "Refusal";
    this.fieldErrors = options.fieldErrors ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.status = httpStatusOf(code);
  }
}

export function httpStatusOf(code: RefusalCode): number {
  return REFUSAL_STATUS[code];
}

