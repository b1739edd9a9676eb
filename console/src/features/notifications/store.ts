import { create } from 'zustand';
import { selectUnseenCount, useShellStore } from '../shell/store';

type NotificationsState = {
  /** The server's unseen count (null until first asked: the shell's first page stands in). */
  unseen: number | null;
  setUnseen: (unseen: number) => void;
  reset: () => void;
};

export const useNotificationsStore = create<NotificationsState>()((set) => ({
  unseen: null,
  setUnseen: (unseen) => set({ unseen }),
  reset: () => set({ unseen: null }),
}));

/** The toolbar badge's number. */
export function useUnseenCount(): number {
  const fromServer = useNotificationsStore((state) => state.unseen);
  const fromShell = useShellStore(selectUnseenCount);
  return fromServer ?? fromShell;
}
