/** HTTP-like status of a refused request: bad input, wrong role, not found (or not yours), or a conflict. */
export type RefusalStatus = 400 | 403 | 404 | 409;

/**
 * A service said no, with a message meant for the person asking. Vendor and product services
 * throw it; pages and endpoints answer with its status and message (never a 500).
 */
export class Refusal extends Error {
  constructor(
    readonly status: RefusalStatus,
    message: string,
    /** The first message per form field, when the refusal is about the input. */
    readonly fieldErrors: Partial<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "Refusal";
  }
}
