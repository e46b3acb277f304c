import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createTestDatabase } from "../../tests/support/database";
import { startSmtpSink } from "../../tests/support/smtp-sink";
import { passwordResetEmail, verificationEmail } from "../accounts/emails";
import { createMailer, listOutbox } from "./mailer";
import { renderEmail } from "./template";

describe("e-mail", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("renders one template as HTML and as plain text, escaping what it is given", () => {
    const email = renderEmail({
      subject: "Hello",
      heading: "Order <b>#1</b>",
      paragraphs: ["Tom & Jerry's phone"],
      action: { label: "Open", url: "https://tokunbo.ng/orders?x=1&y=2" },
    });
    expect(email.html).toContain("Order &lt;b&gt;#1&lt;/b&gt;");
    expect(email.html).toContain("Tom &amp; Jerry&#39;s phone");
    expect(email.html).toContain('href="https://tokunbo.ng/orders?x=1&amp;y=2"');
    expect(email.text).toContain("Open: https://tokunbo.ng/orders?x=1&y=2");
    expect(email.text.startsWith("Order <b>#1</b>\n")).toBe(true);
  });

  it("puts the links of account e-mails in both parts", () => {
    for (const email of [verificationEmail({ link: "https://t.ng/v?token=abc" }), passwordResetEmail({ link: "https://t.ng/r?token=abc" })]) {
      expect(email.text).toMatch(/https:\/\/t\.ng\/[vr]\?token=abc/);
      expect(email.html).toMatch(/href="https:\/\/t\.ng\/[vr]\?token=abc"/);
    }
  });

  it("without SMTP keeps each message in the outbox for the mailbox page", async () => {
    const mailer = createMailer({ db: database.db, from: "Tokunbo <no-reply@tokunbo.ng>" });
    await mailer.send({ to: "ada@example.com", ...verificationEmail({ link: "https://t.ng/v?token=1" }) });
    const [message] = await listOutbox(database.db);
    expect(message).toMatchObject({ to: "ada@example.com", subject: "Verify your e-mail address", status: "pending" });
  });

  it("records a message with the change it tells of: delivered after the commit, gone with a rollback", async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer({ db: database.db, from: "Tokunbo <no-reply@tokunbo.ng>", smtpUrl: sink.url });
      const message = (to: string) => ({ to, ...verificationEmail({ link: "https://t.ng/v?token=3" }) });
      const deliver = await database.db.transaction((tx) => mailer.record(tx, message("chidi@example.com")));
      await mailer.idle();
      expect(sink.received).toHaveLength(0);
      deliver();
      await mailer.idle();
      expect(sink.received.map((m) => m.to)).toEqual([["<chidi@example.com>"]]);

      await database.db
        .transaction(async (tx) => {
          await mailer.record(tx, message("dayo@example.com"));
          throw new Error("the change failed");
        })
        .catch(() => {});
      expect(await database.query("select id from email_outbox where to_address = 'dayo@example.com'")).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it("with SMTP delivers the message and marks it sent; a dead server marks it failed", async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer({ db: database.db, from: "Tokunbo <no-reply@tokunbo.ng>", smtpUrl: sink.url });
      await mailer.send({ to: "bola@example.com", ...passwordResetEmail({ link: "https://t.ng/r?token=2" }) });
      await mailer.idle();
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.to).toEqual(["<bola@example.com>"]);
      expect(sink.received[0]!.data).toContain("Subject: Reset your password");
      const [sent] = await database.query<{ status: string; attempts: number }>(
        "select status, attempts from email_outbox where to_address = 'bola@example.com'",
      );
      expect(sent).toEqual({ status: "sent", attempts: 1 });
    } finally {
      await sink.close();
    }

    const errors: unknown[] = [];
    const broken = createMailer({ db: database.db, from: "x <x@tokunbo.ng>", smtpUrl: "smtp://127.0.0.1:9", onError: (e) => errors.push(e) });
    await broken.send({ to: "chi@example.com", ...passwordResetEmail({ link: "https://t.ng/r?token=3" }) });
    await broken.idle();
    const [failed] = await database.query<{ status: string; last_error: string }>(
      "select status, last_error from email_outbox where to_address = 'chi@example.com'",
    );
    expect(failed?.status).toBe("failed");
    expect(failed?.last_error).toMatch(/ECONNREFUSED/);
    expect(errors).toHaveLength(1);
  });
});
