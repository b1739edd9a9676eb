export { SignatureSteps } from './components/SignatureSteps';
export { SignatureTemplatesPanel } from './admin/SignatureTemplatesPanel';
export { SignedDocuments, SignaturesSummary } from './components/SignedDocuments';
