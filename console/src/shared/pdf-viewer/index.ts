export { PdfViewer } from './PdfViewer';
export { openInViewer, usePdfViewer, type ViewerSource } from './store';
