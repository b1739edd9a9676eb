export { ProspectsPage } from './pages/ProspectsPage';
export { ProspectPage } from './pages/ProspectPage';
