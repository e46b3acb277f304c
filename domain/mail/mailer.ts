import { desc, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../../db/client";
import { emailOutbox } from "./schema";
import type { RenderedEmail } from "./template";

export interface OutgoingEmail extends RenderedEmail {
  to: string;
}

export interface Mailer {
  /** Records the message in the outbox, then delivers it by SMTP when a server is configured. */
  send(message: OutgoingEmail): Promise<void>;
  /**
   * Records the message in the outbox inside `tx`, so it exists exactly when the change it tells of
   * commits; the returned function delivers it and is called after the commit.
   */
  record(tx: Database, message: OutgoingEmail): Promise<() => void>;
  /** Resolves when every delivery started so far has finished (used on shutdown and in tests). */
  idle(): Promise<void>;
}

interface MailerOptions {
  db: Database;
  from: string;
  smtpUrl?: string;
  onError?: (error: unknown, messageId: string) => void;
}

/**
 * Every message is written to email_outbox first, so nothing is lost when SMTP is slow or down.
 * Without SMTP the outbox is the mailbox (see /dev/mailbox). SMTP delivery runs after the
 * request has its answer: a slow mail server never slows down sign-up.
 */
export function createMailer({ db, from, smtpUrl, onError }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function deliver(id: string, message: OutgoingEmail) {
    if (!transport) return;
    try {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
        .where(eq(emailOutbox.id, id));
    } catch (error) {
      onError?.(error, id);
      await db
        .update(emailOutbox)
        .set({ status: "failed", attempts: sql`${emailOutbox.attempts} + 1`, lastError: String((error as Error)?.message ?? error).slice(0, 500) })
        .where(eq(emailOutbox.id, id))
        .catch(() => {});
    }
  }

  async function insert(into: Database, message: OutgoingEmail): Promise<string | undefined> {
    const [row] = await into
      .insert(emailOutbox)
      .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
      .returning({ id: emailOutbox.id });
    return row?.id;
  }

  function startDelivery(id: string | undefined, message: OutgoingEmail) {
    if (!id || !transport) return;
    const delivery = deliver(id, message).finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  return {
    async send(message) {
      startDelivery(await insert(db, message), message);
    },
    async record(tx, message) {
      const id = await insert(tx, message);
      return () => startDelivery(id, message);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: string;
}

/** The newest messages of the outbox, for the development mailbox page. */
export async function listOutbox(db: Database, limit = 50): Promise<MailboxMessage[]> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}
