import type { HeadersFunction } from "react-router";

/** Carries Retry-After of a rate-limited attempt (cookies pass through on their own). */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
