import { lazyDialog } from '../../../shared/ui/lazyPart';

/** ConfirmDialog, its code fetched when idle or when first opened. */
export const ConfirmDialog = lazyDialog(
  () => import('./ConfirmDialog'),
  (m) => m.ConfirmDialog,
  (props) => props.open,
);
