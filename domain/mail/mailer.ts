import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../../db/client";
import { userRoles, users } from "../../db/schema/accounts";
import { emailOutbox } from "../../db/schema/mail";
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
  /**
   * Present when the mailer delivers by SMTP: sends one batch of the messages a crash or a mail
   * server outage left unsent. Run it through redeliverUnsent, which holds the redelivery lock.
   */
  deliverUnsent?(now?: Date): Promise<RedeliveryReport>;
}

export interface RedeliveryReport {
  sent: number;
  failed: number;
}

export const REDELIVERY = {
  /** Advisory lock key ("mail"): one instance at a time runs the pass. */
  lockKey: 0x6d61696c,
  intervalMs: 60_000,
  /** A pending message younger than this may still be on its first delivery, so it is left alone. */
  pendingForMs: 2 * 60_000,
  maxAttempts: 5,
  batchSize: 50,
} as const;

/**
 * Bounds one delivery well inside REDELIVERY.pendingForMs (nodemailer waits up to 2 minutes to
 * connect and 10 minutes on a silent socket), so the pass does not send a message still in flight.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** nodemailer's codes for a mail server that cannot be reached, as opposed to one refusing a message. */
const UNREACHABLE_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS"]);

interface StoredEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
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
 * request has its answer: a slow mail server never slows down sign-up. A message left pending
 * by a crash, or failed while the mail server was down, is sent by the redelivery pass
 * (deliverUnsent, scheduled by scheduleRedelivery) within a few minutes, up to 5 attempts.
 */
export function createMailer({ db, from, smtpUrl, onError }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const pending = new Set<Promise<void>>();
  const inFlight = new Set<string>();

  /** Sends one stored message and records the outcome; returns the error when it failed. */
  async function deliver(id: string, message: StoredEmail): Promise<unknown> {
    if (!transport) return undefined;
    inFlight.add(id);
    try {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
        .where(eq(emailOutbox.id, id));
      return undefined;
    } catch (error) {
      onError?.(error, id);
      await db
        .update(emailOutbox)
        .set({ status: "failed", attempts: sql`${emailOutbox.attempts} + 1`, lastError: String((error as Error)?.message ?? error).slice(0, 500) })
        .where(eq(emailOutbox.id, id))
        .catch(() => {});
      return error;
    } finally {
      inFlight.delete(id);
    }
  }

  async function deliverUnsent(now = new Date()): Promise<RedeliveryReport> {
    const report: RedeliveryReport = { sent: 0, failed: 0 };
    for (const message of await unsentMessages(db, now)) {
      if (inFlight.has(message.id)) continue;
      const error = await deliver(message.id, message);
      if (!error) {
        report.sent++;
        continue;
      }
      report.failed++;
      // The rest of the batch would fail the same way; it keeps its attempts for the next pass.
      if (UNREACHABLE_CODES.has((error as { code?: string }).code ?? "")) break;
    }
    return report;
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
    const delivery = deliver(id, message)
      .then(() => undefined)
      .finally(() => pending.delete(delivery));
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
    ...(transport ? { deliverUnsent } : {}),
  };
}

/** Oldest first: pending past its first delivery, or failed with attempts left. */
function unsentMessages(db: Database, now: Date) {
  const firstDeliveryOver = new Date(now.getTime() - REDELIVERY.pendingForMs);
  return db
    .select({ id: emailOutbox.id, to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(
      and(
        lt(emailOutbox.attempts, REDELIVERY.maxAttempts),
        or(and(eq(emailOutbox.status, "pending"), lt(emailOutbox.createdAt, firstDeliveryOver)), eq(emailOutbox.status, "failed")),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(REDELIVERY.batchSize);
}

/** A user with the outbox row's address whose newest role is super admin. */
const toSuperAdmin = sql`select 1 from ${users} where lower(${users.email}) = lower(${emailOutbox.toAddress}) and (
  select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${users.id} order by ${userRoles.assignedAt} desc limit 1) = 'super_admin'`;

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: string;
}

/** The newest messages of the outbox, for the development mailbox page. */
/**
 * The newest messages of the outbox. With `exceptSuperAdmins`, messages to an address of a user
 * whose current role (the newest user_roles row) is super admin are left out.
 */
export async function listOutbox(db: Database, { limit = 50, exceptSuperAdmins = false }: { limit?: number; exceptSuperAdmins?: boolean } = {}): Promise<MailboxMessage[]> {
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
    .where(exceptSuperAdmins ? sql`not exists (${toSuperAdmin})` : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

/**
 * Records a message in the outbox inside `tx` for code that has no mailer at hand (a restock in
 * the middle of a payment's release): the redelivery pass sends it, and without SMTP the
 * development mailbox shows it at once.
 */
export async function queueEmail(tx: Database, message: OutgoingEmail): Promise<void> {
  await tx.insert(emailOutbox).values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html });
}
