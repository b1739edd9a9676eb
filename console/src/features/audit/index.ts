export { AuditHistoryTab } from './AuditHistoryTab';
