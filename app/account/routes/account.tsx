import { data, redirect } from "react-router";
import { signInHref } from "../../checkout/cart-sign-in";
import { z } from "../../../lib/zod";
import {
  changePassword, currentSessionId, endDevice, getAccountProfile, listDevices, requestEmailChange, updateProfile,
} from "../../../domain/accounts/account";
import { ACCOUNT_TEXTS as T } from "../../../domain/accounts/account-texts";
import { emailChangeSchema, passwordChangeSchema, profileSchema, savedAddressSchema } from "../../../domain/accounts/account-validation";
import { addAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from "../../../domain/accounts/addresses";
import { isCommonPassword } from "../../../domain/accounts/common-passwords";
import { refusingCommonPasswords } from "../../../domain/accounts/validation";
import { AccountView } from "../account-view";
import { requestOrigin, requireUser } from "../../server/access.server";
import { answering, invalid, isDocumentRequest, ok, pageOf } from "../../server/answer.server";
import { accountsOf } from "../../server/auth-forms.server";
import { redirectWithToast } from "../../server/flash.server";
import { FORM_TEXTS, readForm } from "../../server/forms.server";
import type { Answer } from "../../ui/answer";
import type { Route } from "./+types/account";

export const ACCOUNT_PAGE = "/account";

export const meta: Route.MetaFunction = () => [{ title: T.pageTitle }, { name: "robots", content: "noindex" }];

/** Every signed-in role's own account: profile, e-mail, password, devices, addresses (docs/accounts.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect(signInHref(ACCOUNT_PAGE));
  const currentId = await currentSessionId(accountsOf(context), request.headers);
  const [profile, devices, addresses] = await Promise.all([
    getAccountProfile(context.db, viewer.userId),
    listDevices(context.db, viewer.userId, currentId),
    listAddresses(context.db, viewer.userId),
  ]);
  const editing = new URL(request.url).searchParams.get("address");
  return data({ profile, devices, addresses, editing, renderedAt: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}

const id = z.string().min(1).max(100);
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("profile") }),
  z.object({ intent: z.literal("email") }),
  z.object({ intent: z.literal("password") }),
  z.object({ intent: z.literal("end-session"), sessionId: id }),
  z.object({ intent: z.literal("save-address"), addressId: z.union([z.literal(""), z.guid()]).optional() }),
  z.object({ intent: z.literal("delete-address"), addressId: z.guid() }),
  z.object({ intent: z.literal("default-address"), addressId: z.guid() }),
]);

const serverPasswordChange = refusingCommonPasswords(passwordChangeSchema, isCommonPassword);

type Answered = Awaited<ReturnType<typeof ok>> | Awaited<ReturnType<typeof invalid>>;

/**
 * One door for the page's forms, with or without scripts. A fetcher gets the answer; a form sent
 * without scripts goes back to /account (a success closes the address dialog) with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const form = await readForm(request);
  const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const intent = intentSchema.safeParse(fields);
  if (!intent.success) return answer(request, invalid({ form: FORM_TEXTS.unknownIntent }, FORM_TEXTS.unknownIntent));
  const origin = requestOrigin(request, context);
  const accounts = accountsOf(context);
  const mailContext = { ...accounts, mailer: context.mailer, publicUrl: context.config.publicUrl };
  const { db } = context;

  switch (intent.data.intent) {
    case "profile": {
      const parsed = profileSchema.safeParse(fields);
      if (!parsed.success) return answer(request, invalid(parsed.error));
      await updateProfile(db, viewer.userId, parsed.data);
      return answer(request, ok(T.profileSaved));
    }
    case "email": {
      const parsed = emailChangeSchema.safeParse(fields);
      if (!parsed.success) return answer(request, invalid(parsed.error));
      const newEmail = parsed.data.newEmail.toLowerCase();
      return answer(request, answering(async () => {
        await requestEmailChange(mailContext, viewer, { ...parsed.data, newEmail }, origin);
        return ok(T.emailLinkSent, { detail: T.emailLinkSentBody(newEmail) });
      }));
    }
    case "password": {
      const parsed = serverPasswordChange.safeParse(fields);
      if (!parsed.success) return answer(request, invalid(parsed.error));
      // This browser's new session comes back in the answer's cookies; every other one has ended.
      return answer(request, answering(async () => {
        const setCookies = await changePassword(mailContext, viewer, parsed.data, origin);
        return ok(T.passwordChanged, { detail: T.passwordChangedBody }, { headers: cookieHeaders(setCookies) });
      }));
    }
    case "end-session": {
      const { sessionId } = intent.data;
      return answer(request, answering(async () => {
        await endDevice(db, viewer.userId, sessionId, await currentSessionId(accounts, request.headers));
        return ok(T.deviceSignedOut);
      }));
    }
    case "save-address": {
      const parsed = savedAddressSchema.safeParse(fields);
      if (!parsed.success) return answer(request, invalid(parsed.error));
      const { addressId } = intent.data;
      return answer(request, answering(async () => {
        if (addressId) await updateAddress(db, viewer.userId, addressId, parsed.data);
        else await addAddress(db, viewer.userId, parsed.data);
        return ok(T.addressSaved);
      }));
    }
    case "delete-address": {
      const { addressId } = intent.data;
      return answer(request, answering(async () => {
        await deleteAddress(db, viewer.userId, addressId);
        return ok(T.addressDeleted);
      }));
    }
    case "default-address": {
      const { addressId } = intent.data;
      return answer(request, answering(async () => {
        await setDefaultAddress(db, viewer.userId, addressId);
        return ok(T.defaultChanged);
      }));
    }
  }
}

function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A success sends a form without scripts to /account (closing a dialog), a failure back where it came from. */
async function answer(request: Request, answered: Answered | Promise<Answered>) {
  const result = await answered;
  if (!isDocumentRequest(request)) return result;
  const setCookies = new Headers(result.init?.headers).getSetCookie();
  const reply = result.data as Answer;
  const back = reply.ok ? ACCOUNT_PAGE : pageOf(request, ACCOUNT_PAGE);
  return redirectWithToast(back, { kind: reply.ok ? "success" : "error", title: reply.message, description: reply.detail }, { setCookies });
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  return <AccountView {...loaderData} />;
}
