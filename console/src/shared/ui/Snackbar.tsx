import { Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toaster } from './toaster';

/** Renders the snackbars created with `notify` / `notifyError`. */
export function Snackbar() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'md' }} data-testid="snackbar">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                <Toast.Description>{toast.description}</Toast.Description>
              ) : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger aria-label="Fermer" /> : null}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
