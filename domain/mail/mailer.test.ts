import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { useTestDatabase } from "../../tests/support/lifecycle";
import { startSmtpSink } from "../../tests/support/smtp-sink";
import { passwordResetEmail, verificationEmail } from "../accounts/emails";
import { createMailer, listOutbox } from "./mailer";
import { redeliverUnsent } from "./redelivery";
import { renderEmail } from "./template";

describe("e-mail", () => {
  const database = useTestDatabase();

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
    const mailer = createMailer({ db: database().db, from: "Tokunbo <no-reply@tokunbo.ng>" });
    await mailer.send({ to: "ada@example.com", ...verificationEmail({ link: "https://t.ng/v?token=1" }) });
    const [message] = await listOutbox(database().db);
    expect(message).toMatchObject({ to: "ada@example.com", subject: "Verify your e-mail address", status: "pending" });
  });

  it("records a message with the change it tells of: delivered after the commit, gone with a rollback", async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer({ db: database().db, from: "Tokunbo <no-reply@tokunbo.ng>", smtpUrl: sink.url });
      const message = (to: string) => ({ to, ...verificationEmail({ link: "https://t.ng/v?token=3" }) });
      const deliver = await database().db.transaction((tx) => mailer.record(tx, message("chidi@example.com")));
      await mailer.idle();
      expect(sink.received).toHaveLength(0);
      deliver();
      await mailer.idle();
      expect(sink.received.map((m) => m.to)).toEqual([["<chidi@example.com>"]]);

      await database().db
        .transaction(async (tx) => {
          await mailer.record(tx, message("dayo@example.com"));
          throw new Error("the change failed");
        })
        .catch(() => {});
      expect(await database().query("select id from email_outbox where to_address = 'dayo@example.com'")).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it("with SMTP delivers the message and marks it sent; a dead server marks it failed", async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer({ db: database().db, from: "Tokunbo <no-reply@tokunbo.ng>", smtpUrl: sink.url });
      await mailer.send({ to: "bola@example.com", ...passwordResetEmail({ link: "https://t.ng/r?token=2" }) });
      await mailer.idle();
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.to).toEqual(["<bola@example.com>"]);
      expect(sink.received[0]!.data).toContain("Subject: Reset your password");
      const [sent] = await database().query<{ status: string; attempts: number }>(
        "select status, attempts from email_outbox where to_address = 'bola@example.com'",
      );
      expect(sent).toEqual({ status: "sent", attempts: 1 });
    } finally {
      await sink.close();
    }

    const errors: unknown[] = [];
    const broken = createMailer({ db: database().db, from: "x <x@tokunbo.ng>", smtpUrl: "smtp://127.0.0.1:9", onError: (e) => errors.push(e) });
    await broken.send({ to: "chi@example.com", ...passwordResetEmail({ link: "https://t.ng/r?token=3" }) });
    await broken.idle();
    const [failed] = await database().query<{ status: string; last_error: string }>(
      "select status, last_error from email_outbox where to_address = 'chi@example.com'",
    );
    expect(failed?.status).toBe("failed");
    expect(failed?.last_error).toMatch(/ECONNREFUSED/);
    expect(errors).toHaveLength(1);
  });
});

describe.each(TEST_ENGINES)("e-mail left unsent is delivered later (%s)", (engine) => {
  const from = "Tokunbo <no-reply@tokunbo.ng>";
  const smtpDown = "smtp://127.0.0.1:9";
  let database: DatabaseHandle;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    database = await createDatabaseFor(engine);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.query("delete from email_outbox");
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await sink.close();
  });

  /** A message as a crash or an outage leaves it: written to the outbox `minutesAgo`, never delivered. */
  async function leftInOutbox(to: string, { status = "pending", attempts = 0, minutesAgo = 10 } = {}) {
    const email = verificationEmail({ link: `https://t.ng/v?token=${to}` });
    await database.query(
      `insert into email_outbox (to_address, subject, text_body, html_body, status, attempts, created_at)
       values ($1, $2, $3, $4, $5, $6, now() - make_interval(mins => $7))`,
      [to, email.subject, email.text, email.html, status, attempts, minutesAgo],
    );
  }

  async function outboxRow(to: string) {
    const [row] = await database.query<{ status: string; attempts: number; last_error: string | null; sent_at: unknown }>(
      "select status, attempts, last_error, sent_at from email_outbox where to_address = $1",
      [to],
    );
    return row;
  }

  const recipients = () => sink.received.map((mail) => mail.to.join(","));

  it("delivers once a message a crash left pending, and leaves a fresh one to its own delivery", async () => {
    await leftInOutbox("crashed@example.com");
    await leftInOutbox("fresh@example.com", { minutesAgo: 0 });
    const mailer = createMailer({ db: database.db, from, smtpUrl: sink.url });

    expect(await redeliverUnsent(database, mailer)).toEqual({ sent: 1, failed: 0 });
    expect(await redeliverUnsent(database, mailer)).toEqual({ sent: 0, failed: 0 });

    expect(recipients()).toEqual(["<crashed@example.com>"]);
    expect(sink.received[0]!.data).toContain("Subject: Verify your e-mail address");
    expect(await outboxRow("crashed@example.com")).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(await outboxRow("fresh@example.com")).toMatchObject({ status: "pending", attempts: 0, sent_at: null });
  });

  it("retries a message that failed while the mail server was down, counting attempts, once it is back", async () => {
    const down = createMailer({ db: database.db, from, smtpUrl: smtpDown, onError: () => {} });
    await down.send({ to: "outage@example.com", ...passwordResetEmail({ link: "https://t.ng/r?token=1" }) });
    await down.idle();
    await leftInOutbox("queued@example.com", { status: "failed", attempts: 1, minutesAgo: 0 });
    expect(await outboxRow("outage@example.com")).toMatchObject({ status: "failed", attempts: 1 });

    // Still down: the oldest message spends an attempt, the rest of the batch waits for the next pass.
    expect(await redeliverUnsent(database, down)).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRow("outage@example.com")).toMatchObject({ status: "failed", attempts: 2 });
    expect((await outboxRow("outage@example.com"))?.last_error).toMatch(/ECONNREFUSED/);
    expect(await outboxRow("queued@example.com")).toMatchObject({ status: "failed", attempts: 1 });

    const back = createMailer({ db: database.db, from, smtpUrl: sink.url });
    expect(await redeliverUnsent(database, back)).toEqual({ sent: 2, failed: 0 });
    expect(await redeliverUnsent(database, back)).toEqual({ sent: 0, failed: 0 });
    expect(recipients()).toEqual(["<outage@example.com>", "<queued@example.com>"]);
    expect(sink.received[0]!.data).toContain("Subject: Reset your password");
    expect(await outboxRow("outage@example.com")).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect(await outboxRow("queued@example.com")).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("gives up on a message after 5 attempts", async () => {
    await leftInOutbox("given-up@example.com", { status: "failed", attempts: 5 });
    const mailer = createMailer({ db: database.db, from, smtpUrl: sink.url });
    expect(await redeliverUnsent(database, mailer)).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toEqual([]);
    expect(await outboxRow("given-up@example.com")).toMatchObject({ status: "failed", attempts: 5 });
  });

  it("delivers each message once when two instances run the pass at the same time", async () => {
    const addresses = ["a@example.com", "b@example.com", "c@example.com"];
    for (const to of addresses) await leftInOutbox(to);
    const instances = [1, 2].map(() => createMailer({ db: database.db, from, smtpUrl: sink.url }));

    await Promise.all(instances.map((mailer) => redeliverUnsent(database, mailer)));

    expect(recipients().sort()).toEqual(addresses.map((to) => `<${to}>`));
    for (const to of addresses) expect(await outboxRow(to)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("without SMTP leaves the outbox as it is: it is the mailbox", async () => {
    await leftInOutbox("crashed@example.com");
    await leftInOutbox("outage@example.com", { status: "failed", attempts: 1 });
    const before = await database.query("select * from email_outbox order by to_address");
    const mailer = createMailer({ db: database.db, from });

    expect(await redeliverUnsent(database, mailer)).toBeUndefined();

    expect(await database.query("select * from email_outbox order by to_address")).toEqual(before);
    expect(await listOutbox(database.db)).toHaveLength(2);
  });
});
