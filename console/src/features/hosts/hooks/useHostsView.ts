import { useState } from 'react';
import type { HostsView } from '../types';

export const VIEW_STORAGE_KEY = 'reloc.hosts.view';

function storedView(): HostsView {
  try {
    return window.localStorage.getItem(VIEW_STORAGE_KEY) === 'grid' ? 'grid' : 'list';
  } catch {
    return 'list';
  }
}

/** List or grid, remembered in this browser. */
export function useHostsView(): [HostsView, (view: HostsView) => void] {
  const [view, setView] = useState<HostsView>(storedView);
  const choose = (next: HostsView) => {
    setView(next);
    try {
      window.localStorage.setItem(VIEW_STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
  };
  return [view, choose];
}
