import type { ReactNode } from "react";
import { DEFAULT_PROMISES } from "../../../domain/catalog/promises";
import { getStorePromises } from "../../../domain/catalog/service";
import { warrantyLabel } from "../../../lib/constants";
import { FileLink } from "../../ui/file-link";
import { formatDate } from "../../ui/format";
import { MailIcon, MapPinIcon, WhatsappIcon } from "../../ui/icons";
import { pageMeta, siteFromMatches, useSite } from "../../site/site";
import { SUPPORT_CONTACT } from "../../site/site-contact";
import type { Route } from "./+types/privacy";
import { logServerError } from "../../server/log.server";

export async function loader({ context }: Route.LoaderArgs) {
  const promises = await getStorePromises(context.db).catch((error: unknown) => {
    logServerError("Failed to load the pricing config", error);
    return DEFAULT_PROMISES;
  });
  // Computed on the server so the server and browser render the same date.
  return { lastUpdated: formatDate(new Date()), warrantyDays: promises.warrantyDays };
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: `Privacy Policy | ${site.siteName}`,
    description: `How ${site.siteName} collects, uses and protects your personal data under the Nigeria Data Protection Act 2023.`,
    path: "/privacy",
  });
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold text-gray-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-gray-800">{children}</div>
    </section>
  );
}

function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { warrantyDays } = loaderData;
  const site = useSite();
  const name = site.siteName;
  const whatsappNumber = site.whatsapp?.number ?? SUPPORT_CONTACT.phoneDisplay;
  const whatsappLink = site.whatsapp?.href ?? null;

  return (
    <div className="container-page py-8 sm:py-12">
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Privacy Policy</h1>
      <p className="mt-2 text-sm text-gray-600">Last updated: {loaderData.lastUpdated}</p>
      <p className="mt-6 text-gray-800">
        {name} ("we", "us") runs an online marketplace where buyers in Nigeria purchase graded UK-used phones from
        verified vendors. This policy explains what personal data we collect, why we collect it, who we share it with and
        the choices you have. We process personal data in line with the Nigeria Data Protection Act 2023 (NDPA) and the
        guidance of the Nigeria Data Protection Commission (NDPC).
      </p>

      <Section id="collect" title="Information We Collect">
        <p>We collect only what we need to run the marketplace:</p>
        <List
          items={[
            <>
              <strong>Account details</strong>: your full name, e-mail address and password (stored only as a secure hash).
            </>,
            <>
              <strong>Order and delivery details</strong>: phone number, delivery address, city, state and any delivery notes
              you give us at checkout.
            </>,
            <>
              <strong>Payment information</strong>: payment references and status from our card payment provider. Card
              numbers are entered on the provider's secure page; we never see or store them.
            </>,
            <>
              <strong>Vendor information</strong>: business name, contact e-mail, phone number, business address and the
              documents you submit for verification.
            </>,
            <>
              <strong>Reviews and messages</strong>: ratings, comments and what you send our support team.
            </>,
            <>
              <strong>Technical data</strong>: IP address, device and browser type, and pages visited, collected in our
              server logs for security and troubleshooting.
            </>,
          ]}
        />
      </Section>

      <Section id="use" title="How We Use Your Information">
        <List
          items={[
            "To create and secure your account and keep you signed in.",
            `To process orders and payments, arrange delivery and handle warranty claims (every phone carries a ${warrantyLabel(warrantyDays)} from delivery).`,
            "To send service messages such as order confirmations, delivery updates and password resets.",
            "To review vendor applications and keep fraudulent sellers off the marketplace.",
            "To answer your questions and resolve complaints.",
            "To improve our website, prevent fraud and meet our legal, tax and accounting obligations.",
          ]}
        />
        <p>
          We rely on the lawful bases set out in the NDPA: performing our contract with you, our legitimate interests in
          running a safe marketplace, compliance with the law, and your consent where we ask for it (for example, for
          marketing messages, which you can stop at any time).
        </p>
      </Section>

      <Section id="sharing" title="Information Sharing">
        <p>We do not sell your personal data. We share it only when needed:</p>
        <List
          items={[
            "With the vendor who sells you a phone: your name, phone number and delivery address, so they can fulfil your order.",
            "With our payment provider, to process and verify your payments.",
            "With delivery partners, to bring your order to your door.",
            "With service providers who host our website and send our e-mails, under contracts that require them to protect your data.",
            "With law enforcement or regulators when the law requires it, or to protect our users from fraud.",
          ]}
        />
        <p>
          Where a provider processes data outside Nigeria, we make sure the transfer meets the safeguards required by the
          NDPA.
        </p>
      </Section>

      <Section id="security" title="Data Security">
        <p>
          We protect your data with encrypted connections (HTTPS), hashed passwords, access controls that limit staff
          access to what their role needs, and regular backups. Payments are handled by a PCI DSS certified provider. No
          system is completely secure, so please use a strong password that you do not use elsewhere. If a breach puts
          your rights at risk, we will notify you and the NDPC as the law requires.
        </p>
        <p>
          We keep personal data only as long as needed for the purposes above: account data while your account is open,
          and order and payment records for as long as tax and accounting laws require.
        </p>
      </Section>

      <Section id="rights" title="Your Rights">
        <p>Under the NDPA you have the right to:</p>
        <List
          items={[
            "Be told how your personal data is used, and get a copy of it.",
            "Have inaccurate or incomplete data corrected.",
            "Have your data deleted when we no longer need it or you withdraw consent.",
            "Object to or restrict certain processing, including direct marketing.",
            "Receive your data in a portable format.",
            "Withdraw consent at any time, without affecting processing already done.",
            "Complain to the Nigeria Data Protection Commission if you believe your rights have been breached.",
          ]}
        />
        <p>
          Signed in, you can use two of them yourself at any time:{" "}
          <FileLink href="/account/data" className="font-semibold text-brand-strong underline">
            Download my data
          </FileLink>{" "}
          (a copy of everything we hold about you, as a JSON file) and{" "}
          <a href="/account/delete" className="font-semibold text-brand-strong underline">
            Delete my account
          </a>
          . Orders and payments are kept for tax and accounting with your details removed.
        </p>
        <p>To use any of the other rights, contact us using the details below. We reply within 30 days.</p>
      </Section>

      <Section id="cookies" title="Cookies and Tracking">
        <p>
          We use a small number of essential cookies and browser storage: a session cookie that keeps you signed in, and
          local storage that remembers choices such as a dismissed announcement banner, and session storage that remembers a
          phone you asked to add to your cart before signing in. We do not use advertising
          cookies or sell browsing data. You can clear cookies in your browser settings at any time, but you will then
          need to sign in again.
        </p>
      </Section>

      <Section id="contact" title="Contact Us">
        <p>For questions about this policy or your personal data, contact our data protection team:</p>
        <ul className="space-y-2">
          <li className="flex items-center gap-2">
            <MailIcon className="h-5 w-5 shrink-0 text-brand-strong" />
            <span>
              Email:{" "}
              <a href={`mailto:${SUPPORT_CONTACT.email}`} className="font-semibold text-brand-strong underline">
                {SUPPORT_CONTACT.email}
              </a>
            </span>
          </li>
          <li className="flex items-center gap-2">
            <WhatsappIcon className="h-5 w-5 shrink-0 text-green-700" />
            <span>
              WhatsApp:{" "}
              {whatsappLink ? (
                <a href={whatsappLink} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-strong underline">
                  {whatsappNumber}
                </a>
              ) : (
                <span className="font-semibold">{whatsappNumber}</span>
              )}
            </span>
          </li>
          <li className="flex items-center gap-2">
            <MapPinIcon className="h-5 w-5 shrink-0 text-brand-strong" />
            <span>Address: {SUPPORT_CONTACT.address}</span>
          </li>
        </ul>
      </Section>

      <Section id="changes" title="Changes to This Policy">
        <p>
          We may update this policy when our services or the law change. We will post the new version on this page with a
          new "Last updated" date, and tell you by e-mail or on the site before any significant change takes effect.
        </p>
      </Section>
    </article>
    </div>
  );
}
