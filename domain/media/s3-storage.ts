/**
 * FileStorage on any S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces…),
 * spoken to over fetch with requests signed by AWS Signature Version 4. Objects are addressed
 * path-style (endpoint/bucket/key), which every one of those services accepts. The public URL of
 * a stored file stays /uploads/<key>: the app serves it from the bucket with its own headers.
 */
import { createHash, createHmac } from "node:crypto";
import { type FileStorage, assertValidKey, publicUrlFor } from "./storage";

export interface S3Settings {
  /** https://s3.eu-west-2.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000… */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const REQUEST_TIMEOUT_MS = 20_000;

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream";
}

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, '/' kept in paths. */
function uriEncode(value: string, keepSlash: boolean): string {
  return [...new TextEncoder().encode(value)]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) return c;
      return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

export interface SigningInput {
  method: string;
  url: string;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (added here). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_SHA256 for none). */
  payloadHash?: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  now?: Date;
}

/** The request's headers with x-amz-date, x-amz-content-sha256 and the SigV4 Authorization added. */
export function signV4(input: SigningInput): Record<string, string> {
  const url = new URL(input.url);
  const service = input.service ?? "s3";
  const amzDate = (input.now ?? new Date()).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const payloadHash = input.payloadHash ?? EMPTY_SHA256;
  const headers: Record<string, string> = {
    ...input.headers,
    host: url.host,
    "x-amz-date": amzDate,
    "x-amz-content-sha256": payloadHash,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const valueOf = (name: string) => {
    const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
    return (entry?.[1] ?? "").trim().replace(/\s+/g, " ");
  };
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    input.method.toUpperCase(),
    uriEncode(decodeURIComponent(url.pathname), true),
    canonicalQuery(url),
    names.map((name) => `${name}:${valueOf(name)}\n`).join(""),
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const dateKey = hmac(`AWS4${input.secretAccessKey}`, day);
  const signingKey = hmac(hmac(hmac(dateKey, input.region), service), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

export class S3StorageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function createS3Storage(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStorage {
  const base = settings.endpoint.replace(/\/+$/, "");
  const objectUrl = (key: string) => {
    assertValidKey(key);
    return `${base}/${encodeURIComponent(settings.bucket)}/${key}`;
  };

  async function send(method: string, key: string, body?: Buffer, extraHeaders: Record<string, string> = {}): Promise<Response> {
    const url = objectUrl(key);
    const headers = signV4({
      method,
      url,
      headers: extraHeaders,
      payloadHash: body ? sha256Hex(body) : EMPTY_SHA256,
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    });
    // fetch sets Host itself, from the URL signed above.
    delete headers.host;
    return fetchImpl(url, { method, headers, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  }

  const failure = async (what: string, key: string, response: Response) =>
    new S3StorageError(response.status, `S3 ${what} of ${key} failed with ${response.status}: ${(await response.text().catch(() => "")).slice(0, 200)}`);

  return {
    async put(key, data) {
      const response = await send("PUT", key, data, {
        "content-type": contentTypeOf(key),
        "cache-control": "public, max-age=31536000, immutable",
      });
      if (!response.ok) throw await failure("upload", key, response);
      return publicUrlFor(key);
    },
    async exists(key) {
      const response = await send("HEAD", key);
      if (response.status === 404) return false;
      if (!response.ok) throw await failure("check", key, response);
      return true;
    },
    async read(key) {
      const response = await send("GET", key);
      if (!response.ok) throw await failure("download", key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 whether or not the object was there; some compatible services answer 404.
      if (!response.ok && response.status !== 404) throw await failure("deletion", key, response);
    },
  };
}
