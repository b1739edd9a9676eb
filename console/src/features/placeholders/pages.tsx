export { NotificationsPage } from '../notifications';
export { AdminPage } from './AdminPage';
export { HelpPage } from '../knowledge';
export { BillingPage } from '../billing';
export { DashboardPage } from '../dashboard';
