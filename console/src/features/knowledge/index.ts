export { HelpPage } from './pages/HelpPage';
