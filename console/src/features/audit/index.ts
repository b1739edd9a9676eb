export { AuditHistoryTab } from './AuditHistoryTab';
export { FileHistoryTab } from './FileHistoryTab';
