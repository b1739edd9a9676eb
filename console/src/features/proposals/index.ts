export { ProposalsTab } from './pages/ProposalsTab';
export { VisitsTab } from './pages/VisitsTab';
export { ContractualDistance } from './components/ContractualDistance';
