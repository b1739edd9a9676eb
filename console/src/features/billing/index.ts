export { BillingPage } from './pages/BillingPage';
export { PointagePanel } from './admin/PointagePanel';
export { PrevisionnelPanel } from './admin/PrevisionnelPanel';
export { ProjectBillingPanel } from './components/ProjectBillingPanel';
