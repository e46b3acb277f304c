import { Refusal as BaseRefusal, refusalCodeFor } from "../core/refusal";

/** HTTP-like status of a refused request: bad input, wrong role, not found (or not yours), or a conflict. */
export type RefusalStatus = 400 | 403 | 404 | 409;

/** A vendor or product service said no; the shared Refusal, built from an HTTP-like status. */
export class Refusal extends BaseRefusal {
  constructor(status: RefusalStatus, message: string, fieldErrors: Partial<Record<string, string>> = {}) {
    super(refusalCodeFor(status), message, { fieldErrors });
  }
}
