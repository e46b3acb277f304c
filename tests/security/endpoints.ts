import { readFileSync } from "node:fs";
import path from "node:path";
import type { Express } from "express";
import routes from "../../app/routes";

/*
 * Every door of the app, discovered rather than listed by hand: the page routes of
 * app/routes.ts (GET when the module renders or loads, POST when it has an action) and every
 * Express route and static mount. The security suites compare their own tables against this,
 * so a new route or endpoint without a row fails them.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  /** The path pattern as declared: /product/:id, /api/cart/items/:id, /uploads/*. */
  path: string;
  kind: "page" | "action" | "api";
}

/** "METHOD /path", the key every security table is written against. */
export const keyOf = (endpoint: Pick<Endpoint, "method" | "path">) => `${endpoint.method} ${endpoint.path}`;

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** GET and POST doors of the React Router pages. */
export function pageEndpoints(): Endpoint[] {
  const flat = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((entry) => [entry, ...flat(entry.children ?? [])]);
  return flat(routes as RouteEntry[]).flatMap((entry) => {
    const source = readFileSync(path.join(APP_DIR, entry.file), "utf8");
    const routePath = entry.index ? "/" : `/${entry.path}`;
    const exported = (name: string) => new RegExp(`export\\s+(async\\s+)?(function|const)\\s+${name}\\b`).test(source);
    const renders = /export\s+default\b/.test(source) || exported("loader");
    return [
      ...(renders ? [{ method: "GET", path: routePath, kind: "page" } as const] : []),
      ...(exported("action") ? [{ method: "POST", path: routePath, kind: "action" } as const] : []),
    ];
  });
}

interface Layer {
  name: string;
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { name?: string; stack?: Layer[] };
}

/** Every Express route and static folder of a built app, outside the page catch-all. */
export function serverEndpoints(app: Express): Endpoint[] {
  const found: Endpoint[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      const mount = layer.rawPath && layer.rawPath !== "/" ? `${prefix}${layer.rawPath}` : prefix;
      if (layer.route) {
        if (layer.route.path === "*splat") continue; // the pages: pageEndpoints()
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== "_all")) {
          found.push({ method: method.toUpperCase() as Method, path: `${prefix}${layer.route.path}`, kind: "api" });
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, mount);
      } else if (layer.handle.name === "serveStatic" && mount.startsWith("/uploads")) {
        found.push({ method: "GET", path: `${mount}/*`, kind: "api" });
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  const unique = new Map(found.map((endpoint) => [keyOf(endpoint), endpoint]));
  return [...unique.values()];
}

/** All doors, pages first. */
export function allEndpoints(app: Express): Endpoint[] {
  return [...pageEndpoints(), ...serverEndpoints(app)];
}
