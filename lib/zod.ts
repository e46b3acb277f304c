/**
 * The one way the shop's code gets zod (eslint forbids importing "zod" elsewhere, types aside).
 * `jitless`: zod never builds parsers with `new Function`, and never probes whether it may, so a
 * strict Content-Security-Policy (no 'unsafe-eval') reports only real violations. It must be set
 * before any schema is built (an object schema decides when it is created), which importing zod
 * from here guarantees for every schema module, on the server and in the browser bundle.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
