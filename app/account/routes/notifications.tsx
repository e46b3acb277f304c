import { useEffect } from "react";
import { data, redirect } from "react-router";
import { z } from "zod";
import { NOTIFICATION_TEXTS, loadNotificationCentre, markAllNotificationsRead, markNotificationRead } from "../../../domain/notifications/service";
import { MarkAllReadButton, NotificationList, useNotificationActions } from "../notification-centre";
import { notificationStore, useNotifications } from "../notification-store";
import { redirectWithToast } from "../../server/flash.server";
import { requireUser } from "../../server/access.server";
import type { Route } from "./+types/notifications";
import { readForm } from "../../server/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Notifications" }, { name: "robots", content: "noindex" }];

/** The signed-in user's notifications as a page: the bell's list on small screens, where the bell is hidden. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect("/auth");
  const centre = await loadNotificationCentre(context.db, viewer.userId);
  return data({ userId: viewer.userId, ...centre }, { headers: { "Cache-Control": "no-store" } });
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.guid({ error: NOTIFICATION_TEXTS.markOneFailed }) }),
  z.object({ intent: z.literal("read-all") }),
]);

/** The page's forms without scripts (with scripts the list calls /api/notifications). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithToast("/notifications", { kind: "error", title: NOTIFICATION_TEXTS.markOneFailed });
  if (parsed.data.intent === "read-all") {
    await markAllNotificationsRead(context.db, viewer.userId);
    return redirectWithToast("/notifications", { kind: "success", title: NOTIFICATION_TEXTS.allRead });
  }
  if (await markNotificationRead(context.db, viewer.userId, parsed.data.id)) return redirect("/notifications");
  return redirectWithToast("/notifications", { kind: "error", title: NOTIFICATION_TEXTS.markOneFailed });
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { userId, notifications, unread: pageUnread } = loaderData;
  const state = useNotifications(userId, pageUnread);
  const { markRead, markAllRead } = useNotificationActions();
  useEffect(() => {
    notificationStore.sync(userId, pageUnread);
    notificationStore.loaded(notifications, pageUnread);
  }, [userId, notifications, pageUnread]);

  return (
    <section className="container-page max-w-2xl py-8" aria-labelledby="notifications-title">
      <div className="flex items-center justify-between gap-3">
        <h1 id="notifications-title" className="text-2xl font-extrabold text-gray-900">
          Notifications
        </h1>
        <MarkAllReadButton disabled={state.unread === 0} onMarkAll={markAllRead} />
      </div>
      <NotificationList items={state.items ?? notifications} onRead={markRead} className="mt-4 rounded-xl border border-gray-200 bg-white" />
    </section>
  );
}
