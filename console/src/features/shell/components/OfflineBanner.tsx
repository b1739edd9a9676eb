import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ONLINE_CHECK_INTERVAL_MS } from '../../../app/config';
import { fetchOnlineStatus } from '../api';

/** Mobile build: checks GET /status.json every 5 s; 'Vous êtes hors ligne' while it fails. */
export function OfflineBanner() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    let active = true;
    const check = async () => {
      let ok: boolean;
      try {
        ok = (await fetchOnlineStatus())?.ok === true;
      } catch {
        ok = false;
      }
      if (active) setOnline(ok);
    };
    void check();
    const timer = window.setInterval(() => void check(), ONLINE_CHECK_INTERVAL_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, []);
  if (online) return null;
  return (
    <Box
      role="alert"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="banner"
      bg="accent.solid"
      color="accent.contrast"
      textAlign="center"
      py="2"
      fontWeight="semibold"
    >
      Vous êtes hors ligne
    </Box>
  );
}
