/** Server errors of pages, logged as one JSON line with the request id (docs/running.md). */
export { logServerError } from "../../server/logger";
