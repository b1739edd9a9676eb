export { LazyPdfViewer } from './LazyPdfViewer';
export { openInViewer, usePdfViewer, type ViewerSource } from './store';
