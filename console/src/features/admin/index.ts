export { AdminPage } from './AdminPage';
export { ClientsPanel } from './components/ClientsPanel';
export { InactiveStaffPanel } from './components/InactiveStaffPanel';
export { ProjectMailsPanel } from './components/ProjectMailsPanel';
export { ImpersonationBanner } from './components/ImpersonationBanner';
