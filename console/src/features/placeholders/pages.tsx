import { useParams } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';

export function ProspectPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Prospect ${id ?? ''}`.trim()} />;
}

export function AnnouncementPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Annonce ${id ?? ''}`.trim()} />;
}

export const NotificationsPage = () => <PlaceholderPage title="Notifications" />;
export { AdminPage } from './AdminPage';
export const HelpPage = () => <PlaceholderPage title="Aide" />;
export const ProspectsPage = () => <PlaceholderPage title="Prospects (B2B)" />;
export const AnnouncementsPage = () => <PlaceholderPage title="Annonces (B2C)" />;
export const BillingPage = () => <PlaceholderPage title="Règlements" />;
export const DashboardPage = () => <PlaceholderPage title="Vos indicateurs" />;
