import { Badge, Box, Button, HStack, IconButton } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { IS_MOBILE } from '../../../app/config';
import { BellIcon, InfoIcon, LogoutIcon } from '../../../shared/ui/icons';
import { logout } from '../../auth/session';
import { NotificationsSyncEffect } from '../../notifications/components/NotificationsSyncEffect';
import { useUnseenCount } from '../../notifications/store';

/** Notifications (with the unseen count), logout, and in the mobile build an info button. */
export function Toolbar() {
  const navigate = useNavigate();
  const unseen = useUnseenCount();
  const notificationsLabel =
    unseen > 0
      ? `Notifications : ${unseen} non lue${unseen > 1 ? 's' : ''}`
      : 'Notifications : aucune non lue';

  const handleLogout = async () => {
    await logout();
    navigate('/', { replace: true });
  };

  return (
    <HStack gap="1" flexShrink={0}>
      <NotificationsSyncEffect />
      {IS_MOBILE ? (
        <IconButton variant="ghost" aria-label="À propos" onClick={() => navigate('/about')}>
          <InfoIcon />
        </IconButton>
      ) : null}
      <Box position="relative">
        <IconButton
          variant="ghost"
          aria-label={notificationsLabel}
          data-testid="notifications-button"
          onClick={() => navigate('/notifications')}
        >
          <BellIcon />
        </IconButton>
        {unseen > 0 ? (
          <Badge
            aria-hidden
            position="absolute"
            top="0"
            right="0"
            colorPalette="accent"
            variant="solid"
            borderRadius="full"
            pointerEvents="none"
          >
            {unseen > 99 ? '99+' : unseen}
          </Badge>
        ) : null}
      </Box>
      <Button variant="ghost" aria-label="Se déconnecter" onClick={handleLogout}>
        <LogoutIcon />
        <Box as="span" display={{ base: 'none', md: 'inline' }}>
          Se déconnecter
        </Box>
      </Button>
    </HStack>
  );
}
