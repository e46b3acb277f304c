import { useEffect } from "react";
import { data, redirect } from "react-router";
import { Refusal } from "../../../domain/core/refusal";
import { z } from "../../../lib/zod";
import { NOTIFICATION_TEXTS, countUnread, loadNotificationCentre, markAllNotificationsRead, markNotificationRead } from "../../../domain/notifications/service";
import { MarkAllReadButton, NotificationList, useNotificationActions } from "../notification-centre";
import { notificationStore, useNotifications } from "../../site/notification-store";
import { answerPage, invalid, ok, refused } from "../../server/answer.server";
import { requireUser } from "../../server/access.server";
import type { Route } from "./+types/notifications";
import { readForm } from "../../server/forms.server";
import { PageTitle } from "../../ui/page-title";

const PAGE = "/notifications";

export const meta: Route.MetaFunction = () => [{ title: "Notifications" }, { name: "robots", content: "noindex" }];

/** The signed-in user's notifications as a page: the bell's list on small screens, where the bell is hidden. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect("/auth");
  const centre = await loadNotificationCentre(context.db, viewer.userId);
  return data({ userId: viewer.userId, ...centre, renderedAt: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.guid({ error: NOTIFICATION_TEXTS.markOneFailed }) }),
  z.object({ intent: z.literal("read-all") }),
]);

/** Mark one or all read, from the page's forms and the bell's list, with or without scripts. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return answerPage(request, PAGE, invalid({ id: NOTIFICATION_TEXTS.markOneFailed }, NOTIFICATION_TEXTS.markOneFailed));
  if (parsed.data.intent === "read-all") {
    await markAllNotificationsRead(context.db, viewer.userId);
    return answerPage(request, PAGE, ok(NOTIFICATION_TEXTS.allRead, { unread: 0 }));
  }
  if (await markNotificationRead(context.db, viewer.userId, parsed.data.id)) {
    return answerPage(request, PAGE, ok("", { unread: await countUnread(context.db, viewer.userId) }));
  }
  return answerPage(request, PAGE, refused(new Refusal("not_found", NOTIFICATION_TEXTS.markOneFailed)));
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { userId, notifications, unread: pageUnread, renderedAt } = loaderData;
  const state = useNotifications(userId, pageUnread);
  const { markRead, markAllRead } = useNotificationActions();
  useEffect(() => {
    notificationStore.sync(userId, pageUnread);
    notificationStore.loaded(notifications, pageUnread);
  }, [userId, notifications, pageUnread]);

  return (
    <section className="container-page max-w-2xl py-8" aria-labelledby="notifications-title">
      <div className="flex items-center justify-between gap-3">
        <PageTitle id="notifications-title">Notifications</PageTitle>
        <MarkAllReadButton disabled={state.unread === 0} onMarkAll={markAllRead} />
      </div>
      <NotificationList items={state.items ?? notifications} onRead={markRead} renderedAt={renderedAt} className="mt-4 rounded-xl border border-gray-200 bg-white" />
    </section>
  );
}
