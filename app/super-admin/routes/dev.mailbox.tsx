import { Fragment } from "react";
import { data } from "react-router";
import { mailboxScopeOf, mayReadMailbox } from "../../../domain/mail/mailbox-access";
import { listOutbox } from "../../../domain/mail/mailer";
import type { Route } from "./+types/dev.mailbox";
import { PageTitle } from "../../ui/page-title";
import { formatLagosDateTime } from "../../../lib/lagos-time";

/**
 * Development mailbox: the e-mails the shop wrote to its outbox (when no SMTP server is set),
 * so a verification or reset link can be opened on a fresh clone. Absent in production unless
 * DEV_MAILBOX and DEMO_SITE are on; readable only by admins, or from the server's own machine
 * while no admin exists. Anyone else gets "not found". Admins do not see mail to super admins.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.config.devMailbox) throw data(null, { status: 404 });
  const relayed = ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => request.headers.has(name));
  const viewer = await context.getViewer();
  const allowed = await mayReadMailbox(context.db, viewer, { ip: context.clientIp, relayed });
  if (!allowed) throw data(null, { status: 404 });
  const exceptSuperAdmins = mailboxScopeOf(viewer) === "except-super-admins";
  return { messages: await listOutbox(context.db, { exceptSuperAdmins }), smtp: Boolean(context.config.smtpUrl) };
}

export function meta() {
  return [{ title: "Mailbox (development)" }, { name: "robots", content: "noindex" }];
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its links clickable (the text part of the message, never its HTML). */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all font-semibold text-brand-strong underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}


export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { messages, smtp } = loaderData;
  return (
    <section className="container-page py-8" aria-labelledby="mailbox-title">
      <PageTitle id="mailbox-title">Mailbox</PageTitle>
      <p className="mt-1 text-sm text-gray-700">
        {smtp
          ? "Messages are also delivered by SMTP; this page shows the outbox."
          : "No SMTP server is configured, so e-mails stay here. Newest first."}
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-700">No e-mails yet.</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <article className="rounded-xl border border-gray-200 p-4" aria-label={message.subject}>
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-base font-bold text-gray-900">{message.subject}</h2>
                  <time dateTime={message.createdAt} className="text-xs text-gray-600">
                    {formatLagosDateTime(message.createdAt)}
                  </time>
                </header>
                <p className="mt-1 text-sm text-gray-700">
                  To: <span className="font-semibold">{message.to}</span>
                </p>
                <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-gray-900">
                  <TextWithLinks text={message.text} />
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
