import { NavLink, type NavLinkProps } from "react-router";
import { unreadBadgeText } from "../account/notification-centre";
import { useNotifications } from "./notification-store";

export { AccountDrawerSection, AccountMenu } from "../account/account-menu";
export { NotificationBell } from "../account/notification-centre";

/** On small screens the bell is hidden (docs/accounts.md): the drawer links to the list instead. */
export function DrawerNotificationsLink({ userId, pageUnread, className }: { userId: string; pageUnread: number; className: NavLinkProps["className"] }) {
  const { unread } = useNotifications(userId, pageUnread);
  return (
    <NavLink to="/notifications" className={className}>
      Notifications{unread > 0 ? ` (${unreadBadgeText(unread)})` : ""}
    </NavLink>
  );
}
