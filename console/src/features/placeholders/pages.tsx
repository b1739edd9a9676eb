import { Text } from '@chakra-ui/react';
import { useLocation, useParams } from 'react-router-dom';
import { BOARD_TITLES, boardModeOf } from './boards';
import { PlaceholderPage } from './PlaceholderPage';

/** /reloc, /sales, /compta and any unknown path: a project board (built by a later version). */
export function BoardPage() {
  const { pathname } = useLocation();
  const mode = boardModeOf(pathname);
  return (
    <div data-board-mode={mode}>
      <PlaceholderPage title={BOARD_TITLES[mode]}>
        <Text mt="2" color="fg.muted">
          Le tableau affichera les projets par colonne d’étape.
        </Text>
      </PlaceholderPage>
    </div>
  );
}

export function ProjectPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Projet ${id ?? ''}`.trim()} />;
}

export function ProspectPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Prospect ${id ?? ''}`.trim()} />;
}

export function AnnouncementPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Annonce ${id ?? ''}`.trim()} />;
}

export function HostPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Bien ${id ?? ''}`.trim()} />;
}

export const NotificationsPage = () => <PlaceholderPage title="Notifications" />;
export const AdminPage = () => <PlaceholderPage title="Administration" />;
export const HelpPage = () => <PlaceholderPage title="Aide" />;
export const ProspectsPage = () => <PlaceholderPage title="Prospects (B2B)" />;
export const AnnouncementsPage = () => <PlaceholderPage title="Annonces (B2C)" />;
export const BillingPage = () => <PlaceholderPage title="Règlements" />;
export const HostsPage = () => <PlaceholderPage title="Biens" />;
export const DashboardPage = () => <PlaceholderPage title="Vos indicateurs" />;
