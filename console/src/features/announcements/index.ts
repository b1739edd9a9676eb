export { AnnouncementsPage } from './pages/AnnouncementsPage';
export { AnnouncementPage } from './pages/AnnouncementPage';
export { LeadDialog, NewLeadButton } from './components/LeadDialog';
