import { useNavigation, useRevalidator } from "~/ui/router";
import { useEffect, useState } from "react";
import { useRealtime } from "~/features/realtime/useRealtime";
import type { NotificationState } from "~/ui/NotificationBell";
import type { ToastData } from "~/ui/Toast";
import { brighterBell, parseLiveNotification } from "../rules";

type RootNotifications = { bell: NotificationState; room: string } | null;

/**
 * The header bell and the toast area, fed live: a notification pushed to the user's room lights the
 * bell at once, shows a toast in its own slot (the toast area is aria-live, so it is read out), and revalidates the
 * page so the server's state (and an open /notifications list) catches up. Without JavaScript the bell
 * shows the server's state on every page.
 */
export function useLiveNotifications(
  notifications: RootNotifications | undefined,
  serverToast: ToastData | null,
  serverData: unknown,
) {
  const revalidator = useRevalidator();
  const navigation = useNavigation().state;
  const [catchUp, setCatchUp] = useState(false);
  const [liveBell, setLiveBell] = useState<NotificationState>("none");
  const [liveToast, setLiveToast] = useState<ToastData | null>(null);

  // Each answer from the server (a navigation, a revalidation) is the truth again.
  useEffect(() => setLiveBell("none"), [serverData]);

  useRealtime(notifications?.room ?? null, {
    onMessage: (data) => {
      const notification = parseLiveNotification(data);
      if (!notification) return;
      setLiveBell((bell) => brighterBell(bell, notification.universal ? "universal" : "notification"));
      setLiveToast({
        kind: "info",
        title: notification.universal ? `Announcement: ${notification.title}` : notification.title,
        description: notification.body || undefined,
      });
      setCatchUp(true);
    },
    // Back after a drop: whatever was pushed meanwhile is read from the server.
    onReopen: () => setCatchUp(true),
  });

  // The page catches up once the user's own navigation or form post is over: a revalidation started
  // during one cancels its loads, whose answer may already have taken the flash toast ("Announcement
  // sent to everyone.") off the browser, so the user never saw what their own action did.
  useEffect(() => {
    if (!catchUp || navigation !== "idle" || revalidator.state !== "idle") return;
    setCatchUp(false);
    revalidator.revalidate();
  }, [catchUp, navigation, revalidator]);

  return {
    bell: notifications ? brighterBell(notifications.bell, liveBell) : null,
    toast: serverToast,
    liveToast,
  };
}
