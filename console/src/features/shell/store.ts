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
  setMe: (me: LoggedStatus) => void;
  setStaff: (staff: StaffMember[]) => void;
  setNotifications: (notifications: NotificationItem[], total: number) => void;
  reset: () => void;
};

const empty = { me: null, staff: [], notifications: [], notificationsTotal: 0 };

/** What the default layout loads once per session: who is logged in, the feed, the staff. */
export const useShellStore = create<ShellState>()((set) => ({
  ...empty,
  setMe: (me) => set({ me }),
  setStaff: (staff) => set({ staff }),
  setNotifications: (notifications, notificationsTotal) =>
    set({ notifications, notificationsTotal }),
  reset: () => set(empty),
}));

export const selectUnseenCount = (state: ShellState) =>
  state.notifications.filter((notification) => notification.seen !== true).length;
