import { PlaceholderPage } from './PlaceholderPage';

export const NotificationsPage = () => <PlaceholderPage title="Notifications" />;
export { AdminPage } from './AdminPage';
export const HelpPage = () => <PlaceholderPage title="Aide" />;
export const BillingPage = () => <PlaceholderPage title="Règlements" />;
export const DashboardPage = () => <PlaceholderPage title="Vos indicateurs" />;
