import type { DashboardStatus } from '@reloc/domain';

/** One colour per status, the same on every chart (theme primary and accent first). */
export const STATUS_COLORS: Record<DashboardStatus, string> = {
  created: '#60A694',
  toAssign: '#3182ce',
  signed: '#805ad5',
  sentToAL: '#dd6b20',
  paid: '#FF7C5D',
};

export const B2C_COLORS: Record<string, string> = { Vues: '#3182ce', Enregistrées: '#FF7C5D' };
