import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { startFakeS3 } from "../../tests/support/fake-s3";
import { createS3Storage, signV4 } from "./s3-storage";
import { fileStorageFor } from "./storage-config";

const SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

describe("AWS Signature Version 4", () => {
  it("matches the GET Object example of the S3 documentation", () => {
    const headers = signV4({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { Range: "bytes=0-9" },
      region: "us-east-1",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: SECRET,
      now: new Date("2013-05-24T00:00:00Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

describe("S3-compatible storage", () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let endpoint: string;
  beforeAll(async () => {
    s3 = await startFakeS3("TOKUNBOKEY", "tokunbo-secret");
    endpoint = s3.endpoint;
  });
  afterAll(async () => {
    await s3.close();
  });

  const storage = () =>
    createS3Storage({ endpoint, bucket: "tokunbo-media", region: "eu-west-2", accessKeyId: "TOKUNBOKEY", secretAccessKey: "tokunbo-secret" });

  it("puts, checks and reads objects with signed requests, path-style", async () => {
    const bytes = Buffer.from("RIFF....WEBPVP8 fake");
    expect(await storage().put("products/abc/front.webp", bytes)).toBe("/uploads/products/abc/front.webp");
    expect(s3.objects.get("/tokunbo-media/products/abc/front.webp")).toEqual({ body: bytes, type: "image/webp" });
    expect(await storage().exists("products/abc/front.webp")).toBe(true);
    expect(await storage().exists("products/abc/missing.webp")).toBe(false);
    expect(await storage().read("products/abc/front.webp")).toEqual(bytes);
    expect(s3.seen.every((r) => r.verified)).toBe(true);
  });

  it("deletes objects with a signed DELETE, again without complaint, and refuses unsafe keys before any request", async () => {
    await storage().put("claims/gone.webp", Buffer.from("gone"));
    await storage().put("claims/kept.webp", Buffer.from("kept"));
    await storage().delete("claims/gone.webp");
    expect(s3.objects.has("/tokunbo-media/claims/gone.webp")).toBe(false);
    expect(await storage().exists("claims/gone.webp")).toBe(false);
    await storage().delete("claims/gone.webp");
    expect(s3.objects.has("/tokunbo-media/claims/kept.webp")).toBe(true);
    const deletes = s3.seen.filter((r) => r.method === "DELETE");
    expect(deletes).toEqual([
      { method: "DELETE", path: "/tokunbo-media/claims/gone.webp", verified: true },
      { method: "DELETE", path: "/tokunbo-media/claims/gone.webp", verified: true },
    ]);
    const before = s3.seen.length;
    await expect(storage().delete("../claims/kept.webp")).rejects.toThrow("Invalid storage key");
    expect(s3.seen.length).toBe(before);
    const wrong = createS3Storage({ endpoint, bucket: "tokunbo-media", region: "eu-west-2", accessKeyId: "TOKUNBOKEY", secretAccessKey: "guess" });
    await expect(wrong.delete("claims/kept.webp")).rejects.toMatchObject({ status: 403 });
    expect(s3.objects.has("/tokunbo-media/claims/kept.webp")).toBe(true);
  });

  it("fails loudly on a wrong secret, and refuses unsafe keys before any request", async () => {
    const wrong = createS3Storage({ endpoint, bucket: "tokunbo-media", region: "eu-west-2", accessKeyId: "TOKUNBOKEY", secretAccessKey: "guess" });
    await expect(wrong.put("products/x.webp", Buffer.from("x"))).rejects.toMatchObject({ status: 403 });
    const before = s3.seen.length;
    await expect(storage().put("../etc/passwd", Buffer.from("x"))).rejects.toThrow("Invalid storage key");
    expect(s3.seen.length).toBe(before);
  });

  it("is chosen when the four S3 variables are set, and a partial setup stops start-up", () => {
    const env = { S3_ENDPOINT: endpoint, S3_BUCKET: "tokunbo-media", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" };
    const config = loadConfig(env);
    expect(config.s3).toEqual({ endpoint, bucket: "tokunbo-media", region: "us-east-1", accessKeyId: "k", secretAccessKey: "s" });
    expect(fileStorageFor(config)).toBe(fileStorageFor(config));
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: "tokunbo-media" })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: "tokunbo-media" })).toThrow("missing: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY");
    expect(() => loadConfig({ ...env, S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET/);
  });
});
