import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NewVersionEffect } from '../features/shell/components/NewVersionEffect';
import { OfflineBanner } from '../features/shell/components/OfflineBanner';
import { LazySnackbar } from '../shared/ui/LazySnackbar';
import { IS_MOBILE } from './config';
import { system } from './theme';

/** Theme, French locale, snackbars and the app-wide checks (new version; offline on mobile). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale="fr-FR">
        {IS_MOBILE ? <OfflineBanner /> : null}
        {children}
        <LazySnackbar />
        <NewVersionEffect />
      </LocaleProvider>
    </ChakraProvider>
  );
}
