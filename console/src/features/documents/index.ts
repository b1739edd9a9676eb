export { DocumentsTab } from './components/DocumentsTab';
export { downloadInformationSheet } from './api';
export { useDocumentsStore } from './store';
