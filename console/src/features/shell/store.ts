import type { Role } from '@reloc/domain';
import { create } from 'zustand';
import type { LoggedStatus } from '../auth/api';

export type StaffMember = {
  _id: string;
  trigram: string | null;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
};

/** A notification of the feed; its detailed shape arrives with the notifications screen. */
export type NotificationItem = {
  _id: string;
  kind?: string;
  seen?: boolean;
  createdAt?: string;
  [field: string]: unknown;
};

type ShellState = {
  me: LoggedStatus | null;
  staff: StaffMember[];
  notifications: NotificationItem[];
  notificationsTotal: number;
  /** The server's unseen count that came with the feed (null: not said). */
  notificationsUnseen: number | null;
  /** When the feed was last loaded (Date.now()), null before. */
  notificationsAt: number | null;
  setMe: (me: LoggedStatus) => void;
  setStaff: (staff: StaffMember[]) => void;
  setNotifications: (notifications: NotificationItem[], total: number, unseen?: number) => void;
  reset: () => void;
};

const empty = {
  me: null,
  staff: [],
  notifications: [],
  notificationsTotal: 0,
  notificationsUnseen: null,
  notificationsAt: null,
};

/** What the default layout loads once per session: who is logged in, the feed, the staff. */
export const useShellStore = create<ShellState>()((set) => ({
  ...empty,
  setMe: (me) => set({ me }),
  setStaff: (staff) => set({ staff }),
  setNotifications: (notifications, notificationsTotal, unseen) =>
    set({
      notifications,
      notificationsTotal,
      notificationsUnseen: unseen ?? null,
      notificationsAt: Date.now(),
    }),
  reset: () => set(empty),
}));

export const selectUnseenCount = (state: ShellState) =>
  state.notifications.filter((notification) => notification.seen !== true).length;
