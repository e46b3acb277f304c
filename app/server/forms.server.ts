import { type AppLoadContext, data } from "react-router";

export const FORM_TEXTS = {
  unreadable: "This form could not be read. Please reload the page and try again.",
  /** A form whose intent no action knows: an old page or a hand-made post. */
  unknownIntent: "This form could not be understood. Please reload the page.",
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The posted form. A body that is not a form (another content type, broken multipart) is the
 * sender's mistake: 415 or 400 with a message, never an error page.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
    throw data({ error: FORM_TEXTS.unreadable }, { status: FORM_TYPES.includes(type) ? 400 : 415 });
  }
}

/** What a change that e-mails someone needs: the database, the outbox and the site's address for links. */
export function mailDepsOf(context: AppLoadContext) {
  return { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl };
}
