import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { Refusal } from "../core/refusal";
/**
 * Uploaded SVG logos, made safe to serve (docs/cms.md): the file is parsed as XML and
 * rebuilt without anything that runs script or reaches outside the file — script and
 * foreignObject elements, animation that can rewrite links, event-handler attributes,
 * javascript: and other external URLs, external style imports, processing instructions and
 * the document type. Anything that is not well-formed SVG is refused.
 */

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** Elements removed with everything inside them (compared in lower case). */
const FORBIDDEN_ELEMENTS = new Set([
  "script", "foreignobject", "iframe", "embed", "object", "audio", "video", "canvas", "handler", "listener",
  "set", "animate", "animatemotion", "animatetransform", "animatecolor", "discard", "meta", "link", "base",
]);

/** Attributes that hold a URL: only same-file references (#id) and embedded raster images stay. */
const URL_ATTRIBUTES = new Set(["href", "xlink:href", "src", "action", "formaction", "data", "poster", "background"]);
const SAFE_URL = /^(#[\w.:-]*|data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*)$/i;
/** CSS that loads something from elsewhere or runs script. */
const UNSAFE_CSS = /@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding|url\s*\(\s*(?!['"]?\s*#)/i;

const NOT_SVG = "The file is not a valid SVG image.";

const ELEMENT_NODE = 1;
const PROCESSING_INSTRUCTION_NODE = 7;
const COMMENT_NODE = 8;
const DOCUMENT_TYPE_NODE = 10;

type XmlNode = {
  nodeType: number;
  nodeName: string;
  localName?: string | null;
  childNodes: ArrayLike<XmlNode>;
  parentNode: XmlNode | null;
  removeChild(child: XmlNode): unknown;
};
type XmlElement = XmlNode & {
  attributes: ArrayLike<{ name: string; value: string }>;
  removeAttribute(name: string): void;
  textContent: string | null;
};

function parse(source: string): XmlElement {
  const failures: string[] = [];
  let document;
  try {
    document = new DOMParser({
      onError: (level: string, message: string) => {
        if (level !== "warning") failures.push(message);
      },
    }).parseFromString(source, "image/svg+xml");
  } catch {
    throw new Refusal("invalid", NOT_SVG);
  }
  const root = document.documentElement as unknown as XmlElement | null;
  if (failures.length > 0 || !root || root.localName !== "svg" || (root as unknown as { namespaceURI: string }).namespaceURI !== SVG_NAMESPACE) {
    throw new Refusal("invalid", NOT_SVG);
  }
  return root;
}

function isUnsafeAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  const local = lower.includes(":") ? lower.slice(lower.indexOf(":") + 1) : lower;
  if (local.startsWith("on")) return true;
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  const compact = Array.from(value).filter((c) => c.charCodeAt(0) > 0x20).join("").toLowerCase();
  if (compact.includes("javascript:") || compact.includes("vbscript:")) return true;
  if (URL_ATTRIBUTES.has(lower) || URL_ATTRIBUTES.has(local)) return !SAFE_URL.test(value.trim());
  if (lower === "style") return UNSAFE_CSS.test(value);
  return /url\s*\(/i.test(value) && UNSAFE_CSS.test(value);
}

function cleanElement(element: XmlElement): void {
  for (const attribute of Array.from(element.attributes)) {
    if (isUnsafeAttribute(attribute.name, attribute.value)) element.removeAttribute(attribute.name);
  }
  for (const child of Array.from(element.childNodes)) {
    const name = (child.localName ?? child.nodeName).toLowerCase();
    const drop =
      child.nodeType === PROCESSING_INSTRUCTION_NODE ||
      child.nodeType === DOCUMENT_TYPE_NODE ||
      child.nodeType === COMMENT_NODE ||
      (child.nodeType === ELEMENT_NODE && FORBIDDEN_ELEMENTS.has(name)) ||
      (child.nodeType === ELEMENT_NODE && name === "style" && UNSAFE_CSS.test((child as XmlElement).textContent ?? ""));
    if (drop) element.removeChild(child);
    else if (child.nodeType === ELEMENT_NODE) cleanElement(child as XmlElement);
  }
}

/** The sanitized SVG text of an uploaded file; throws an `invalid` Refusal when it is not SVG at all. */
export function sanitizeSvg(bytes: Buffer | string): string {
  const source = typeof bytes === "string" ? bytes : bytes.toString("utf8");
  const root = parse(source);
  cleanElement(root);
  return new XMLSerializer().serializeToString(root as never);
}

/** True when the bytes look like an SVG document (before parsing decides). */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString("utf8").replace(/^\uFEFF/, "").trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}
