export { NotificationsPage } from './pages/NotificationsPage';
export { NotificationsSyncEffect } from './components/NotificationsSyncEffect';
export { useUnseenCount } from './store';
