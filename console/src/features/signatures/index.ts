export { SignatureSteps } from './components/SignatureSteps';
export { SignatureTemplatesPanel } from './admin/SignatureTemplatesPanel';
