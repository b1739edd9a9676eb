import { STAGE_LABELS } from '@reloc/domain';

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Integer cents shown in euros ('1 234,50 €'). */
export const formatCents = (cents: number) => EUROS.format(cents / 100);

/** YYYY-MM shown as MM/YYYY. */
export const formatMonth = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** YYYY-MM of today shifted by `months`. */
export function monthFrom(now: Date, months: number): string {
  const d = new Date(now.getFullYear(), now.getMonth() + months, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export const STEP_LABELS: Record<string, string> = {
  sentToAL: STAGE_LABELS.sentToAL,
  paid: STAGE_LABELS.paid,
  forecast: 'Prévisionnel',
};

export const ROLE_LABELS: Record<string, string> = {
  lead: 'Lead',
  sale: 'Commercial',
  dispatcher: 'Répartiteur',
  reloc: 'Reloc',
  alsender: 'Envoi AL',
  allRolesBonus: 'Bonus tous rôles',
  visits: 'Visites',
};

/** §9: the warning shows from day 20 of the month. */
export const WARNING_FROM_DAY = 20;
export const BILLING_SEARCH_DEBOUNCE_MS = 300;
export const BILLING_SEARCH_MAX_WAIT_MS = 1000;
export const BILLING_PAGE_SIZES = [100, 200] as const;

/** '1 dossier', '3 dossiers': the distinct files of some lines. */
export function filesCount(lines: { _id: string }[]): string {
  const count = new Set(lines.map((line) => line._id)).size;
  return `${count} dossier${count > 1 ? 's' : ''}`;
}
