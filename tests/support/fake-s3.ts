/** Test support: an S3 stand-in that checks request signatures independently of the signer. */
import { createHash, createHmac } from "node:crypto";
import { type IncomingMessage, createServer } from "node:http";

/**
 * A tiny S3 stand-in: checks each request's signature the way S3 does (recomputed here from the
 * request as received, independently of the signer) and keeps objects in memory. DELETE answers
 * 204 whether or not the object was there, as S3 does.
 */
export function fakeS3(accessKeyId: string, secret: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: Array<{ method: string; path: string; verified: boolean }> = [];
  const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
  const mac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

  function verify(req: IncomingMessage, body: Buffer): boolean {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([a-f0-9]{64})$/.exec(
      req.headers.authorization ?? "",
    );
    if (!auth || auth[1] !== accessKeyId) return false;
    const [, , day, region, signed, signature] = auth as unknown as string[];
    if (req.headers["x-amz-content-sha256"] !== sha(body)) return false;
    const names = signed!.split(";");
    if (!names.includes("host") || !names.includes("x-amz-date")) return false;
    const canonical = [
      req.method,
      req.url!.split("?")[0],
      "",
      names.map((n) => `${n}:${String(req.headers[n] ?? "").trim()}\n`).join(""),
      signed,
      sha(body),
    ].join("\n");
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ["AWS4-HMAC-SHA256", req.headers["x-amz-date"], scope, sha(canonical)].join("\n");
    const key = mac(mac(mac(mac(`AWS4${secret}`, day!), region!), "s3"), "aws4_request");
    return createHmac("sha256", key).update(toSign).digest("hex") === signature;
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const verified = verify(req, body);
    seen.push({ method: req.method!, path: req.url!, verified });
    if (!verified) return void res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
    const stored = objects.get(req.url!);
    if (req.method === "PUT") {
      objects.set(req.url!, { body, type: String(req.headers["content-type"]) });
      return void res.writeHead(200).end();
    }
    if (req.method === "DELETE") {
      objects.delete(req.url!);
      return void res.writeHead(204).end();
    }
    if (!stored) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": stored.type, "content-length": stored.body.length });
    res.end(req.method === "HEAD" ? undefined : stored.body);
  });
  return { server, objects, seen };
}

/** Starts the stand-in on a free port; returns its endpoint and a way to stop it. */
export async function startFakeS3(accessKeyId: string, secret: string) {
  const s3 = fakeS3(accessKeyId, secret);
  await new Promise<void>((resolve) => s3.server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(s3.server.address() as { port: number }).port}`;
  return { ...s3, endpoint, close: () => new Promise((resolve) => s3.server.close(resolve)) };
}

/** The stand-in with one key pair, and the app's settings that keep uploads in its "tokunbo-media" bucket. */
export async function startFakeBucket() {
  const s3 = await startFakeS3("TOKUNBO", "bucket-secret");
  const appEnv = { S3_ENDPOINT: s3.endpoint, S3_BUCKET: "tokunbo-media", S3_ACCESS_KEY_ID: "TOKUNBO", S3_SECRET_ACCESS_KEY: "bucket-secret", S3_REGION: "eu-west-2" };
  return { ...s3, appEnv };
}
