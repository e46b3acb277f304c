/** One look for every e-mail we send: a heading, paragraphs, an optional button, a footer. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: Array<string | EmailLink>;
  action?: { label: string; url: string };
  /** Shown small under the button, e.g. how long a link stays valid. */
  note?: string;
}

/** A paragraph that is a labelled link: "Track your parcel: https://…". */
export interface EmailLink {
  label: string;
  url: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const SITE_NAME = "Tokunbo Phones";
const BRAND = "#FF4500";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Renders the HTML part and an equivalent plain-text part (for text-only mail clients). */
export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}

function renderText({ heading, paragraphs, action, note }: EmailContent): string {
  const lines = [heading, "", ...paragraphs.flatMap((p) => [typeof p === "string" ? p : `${p.label}: ${p.url}`, ""])];
  if (action) lines.push(`${action.label}: ${action.url}`, "");
  if (note) lines.push(note, "");
  lines.push(`— ${SITE_NAME}`);
  return lines.join("\n");
}

function paragraphHtml(paragraph: string | EmailLink): string {
  if (typeof paragraph === "string") return escapeHtml(paragraph);
  return `${escapeHtml(paragraph.label)}: <a href="${escapeHtml(paragraph.url)}">${escapeHtml(paragraph.url)}</a>`;
}

function renderHtml({ subject, heading, paragraphs, action, note }: EmailContent): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${paragraphHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${BRAND};color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : "";
  const small = note ? `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(note)}</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:18px;font-weight:700;color:${BRAND};margin:0 0 16px">${SITE_NAME}</p>
<div style="background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}${button}${small}
</div></div></body></html>`;
}
