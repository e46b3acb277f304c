import { readFileSync } from "node:fs";

/**
 * Reads schemas from Paystack's OpenAPI description (/work reference copy, YAML) for the contract
 * tests, without a YAML library: it cuts one schema's block out of components.schemas and reads the
 * small block-style subset of YAML those blocks use (maps, lists, scalars, block text, {} and []).
 */

export type Schema = {
  type?: string;
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  [key: string]: unknown;
};

interface Line {
  indent: number;
  text: string;
}

export function openApiSchemas(file: string) {
  const lines = readFileSync(file, "utf8").split(/\r?\n/);
  const schemasStart = lines.indexOf("  schemas:");
  if (lines.indexOf("components:") < 0 || schemasStart < 0) throw new Error(`${file} has no components.schemas`);
  const cache = new Map<string, Schema>();

  function schema(name: string): Schema {
    const cached = cache.get(name);
    if (cached) return cached;
    const header = lines.indexOf(`    ${name}:`, schemasStart);
    if (header < 0) throw new Error(`No schema ${name} in ${file}`);
    const block: Line[] = [];
    for (const raw of lines.slice(header + 1)) {
      if (raw.trim() === "") continue;
      const indent = raw.length - raw.trimStart().length;
      if (indent <= 4) break;
      block.push({ indent, text: raw.trimEnd() });
    }
    const parsed = parseBlock(block) as Schema;
    cache.set(name, parsed);
    return parsed;
  }

  /** What in `value` disagrees with the named schema: missing required fields, wrong types, fields a closed object does not have. */
  function problems(value: unknown, name: string): string[] {
    const found: string[] = [];
    check(value, schema(name), "", found);
    return found;
  }

  function check(value: unknown, given: Schema, path: string, found: string[]): void {
    const s = given.$ref ? schema(given.$ref.replace("#/components/schemas/", "")) : given;
    const at = path || "(root)";
    if (value === null) {
      if (!s.nullable && s.type) found.push(`${at} is null but not nullable`);
      return;
    }
    if (s.anyOf && !s.anyOf.some((option) => fits(value, option))) found.push(`${at} matches none of its anyOf types`);
    for (const part of s.allOf ?? []) check(value, part, path, found);
    if (s.type && !hasType(value, s.type)) return void found.push(`${at} should be ${s.type} but is ${JSON.stringify(value)}`);
    if (s.type === "object" || s.properties) {
      const object = value as Record<string, unknown>;
      const prefix = path ? `${path}.` : "";
      for (const key of s.required ?? []) if (!(key in object)) found.push(`${prefix}${key} is required`);
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if (key in object) check(object[key], child, `${prefix}${key}`, found);
      }
      if (s.additionalProperties === false) for (const key of Object.keys(object)) if (!Object.hasOwn(s.properties ?? {}, key)) found.push(`${prefix}${key} is not allowed`);
    }
    if (s.type === "array" && s.items) (value as unknown[]).forEach((item, i) => check(item, s.items!, `${at}[${i}]`, found));
  }

  function fits(value: unknown, option: Schema): boolean {
    const found: string[] = [];
    check(value, option, "", found);
    return found.length === 0;
  }

  return { schema, problems };
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "string":
    case "boolean":
      return typeof value === type;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}

/** Parses block-style YAML lines (all indented by at least one space). */
export function parseBlock(lines: Line[]): unknown {
  let i = 0;

  function node(indent: number): unknown {
    const line = lines[i];
    if (!line || line.indent < indent) return null;
    return isItem(line.text) ? sequence(line.indent) : mapping(line.indent);
  }

  function mapping(indent: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    while (i < lines.length && lines[i]!.indent === indent && !isItem(lines[i]!.text)) {
      const { key, rest } = splitKey(lines[i]!.text, lines[i]!);
      i++;
      result[key] = value(rest, indent);
    }
    return result;
  }

  function sequence(indent: number): unknown[] {
    const result: unknown[] = [];
    while (i < lines.length && lines[i]!.indent === indent && isItem(lines[i]!.text)) {
      const content = lines[i]!.text.trim().replace(/^-\s?/, "");
      if (content === "") {
        i++;
        result.push(node(indent + 1));
      } else if (/^[^'"{[].*?:(\s|$)/.test(content)) {
        // "- key: value" opens a map whose keys line up with `key`.
        lines[i] = { indent: indent + 2, text: content };
        result.push(mapping(indent + 2));
      } else {
        i++;
        result.push(scalar(content));
      }
    }
    return result;
  }

  function value(rest: string, indent: number): unknown {
    if (rest === "") {
      const next = lines[i];
      const nested = next && (next.indent > indent || (next.indent === indent && isItem(next.text)));
      return nested ? node(next.indent) : null;
    }
    if (/^[|>][-+]?$/.test(rest)) return blockText(indent, rest.startsWith(">"));
    let text = rest;
    while (i < lines.length && lines[i]!.indent > indent) text += ` ${lines[i++]!.text.trim()}`;
    return scalar(text);
  }

  function blockText(indent: number, folded: boolean): string {
    const parts: string[] = [];
    while (i < lines.length && lines[i]!.indent > indent) parts.push(lines[i++]!.text.trim());
    return parts.join(folded ? " " : "\n");
  }

  return node(0);
}

const isItem = (text: string) => /^\s*-(\s|$)/.test(text);

function splitKey(text: string, line: Line): { key: string; rest: string } {
  const match = /^\s*('(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^'"][^:]*?):(?:\s+(.*))?$/.exec(text);
  if (!match) throw new Error(`Not a YAML map entry (indent ${line.indent}): ${text}`);
  return { key: String(scalar(match[1]!)), rest: (match[2] ?? "").trim() };
}

function scalar(text: string): unknown {
  if (text.startsWith("'")) return text.slice(1, -1).replaceAll("''", "'");
  if (text.startsWith('"')) return JSON.parse(text) as unknown;
  if (text === "{}") return {};
  if (text === "[]") return [];
  if (text.startsWith("{") || text.startsWith("[")) throw new Error(`Flow collections are not supported: ${text}`);
  if (text === "true" || text === "false") return text === "true";
  if (text === "null" || text === "~") return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}
