import { Cell, buildXlsx, XLSX_MIME } from '../infrastructure/xlsx';
import { BillingEntryDto, BillingListParams } from './billing.read-model';

const STEP_LABELS: Record<string, string> = {
  sentToAL: 'Envoyé AL',
  paid: 'Payé',
  forecast: 'Prévisionnel',
};
const euros = (cents: number) => cents / 100;

/** GET /reports/billing: simple = one row per entry, detailed = one row per file line. */
export function billingReport(
  type: 'simple' | 'detailed',
  entries: BillingEntryDto[],
  params: Pick<BillingListParams, 'from' | 'to'>,
): { name: string; bytes: Buffer; mime: string } {
  const head = (e: BillingEntryDto): Cell[] => [
    e.month,
    e.trigram ?? '',
    [e.firstName, e.lastName].filter(Boolean).join(' '),
  ];
  const sheet =
    type === 'simple'
      ? {
          name: 'Pointage',
          columns: [
            { header: 'Mois' },
            { header: 'Trigramme' },
            { header: 'Nom', width: 24 },
            { header: 'Dossiers' },
            { header: 'Ajustement (€)' },
            { header: 'Total (€)' },
            { header: 'Confirmé' },
          ],
          rows: entries.map((e): Cell[] => [
            ...head(e),
            e.projects.length,
            euros(e.custom),
            euros(e.total),
            e.confirmed ? 'Oui' : 'Non',
          ]),
        }
      : {
          name: 'Pointage détaillé',
          columns: [
            { header: 'Mois' },
            { header: 'Trigramme' },
            { header: 'Nom', width: 24 },
            { header: 'Dossier', width: 26 },
            { header: 'Client', width: 24 },
            { header: 'Étape' },
            { header: 'Rôles', width: 30 },
            { header: 'Montant (€)' },
            { header: 'Confirmé' },
          ],
          rows: entries.flatMap((e): Cell[][] => [
            ...e.projects.map((p): Cell[] => [
              ...head(e),
              p._id,
              [p.firstName, p.lastName].filter(Boolean).join(' '),
              STEP_LABELS[p.step] ?? p.step,
              p.roles.join(', '),
              euros(p.amount),
              e.confirmed ? 'Oui' : 'Non',
            ]),
            ...(e.custom
              ? [
                  [
                    ...head(e),
                    '',
                    '',
                    'Ajustement',
                    'custom',
                    euros(e.custom),
                    e.confirmed ? 'Oui' : 'Non',
                  ],
                ]
              : []),
          ]),
        };
  return {
    name: `pointage-${type === 'simple' ? 'simple' : 'detaille'}-${params.from}-${params.to}.xlsx`,
    bytes: buildXlsx([sheet]),
    mime: XLSX_MIME,
  };
}
