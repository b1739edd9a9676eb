/** Alerts (§4 "Alerts"): lifted for 1, 7 or 14 days with a reason. */
export const ALERT_LIFT_DAYS = [1, 7, 14] as const;
export type AlertLiftDays = (typeof ALERT_LIFT_DAYS)[number];

/** Skipping every alert (stop dialog) is recorded under this key. */
export const ALL_ALERTS = 'all';

export function addDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
}

type AlertState = { alerts: Record<string, string>; alertsSkipped: Record<string, string> };

/** The raised alerts not lifted at `now` (ISO). */
export function activeAlertsAt(project: AlertState, now: string): string[] {
  const liftedUntil = (alert: string) => project.alertsSkipped[alert] ?? '';
  const all = liftedUntil(ALL_ALERTS);
  return Object.keys(project.alerts).filter((alert) => liftedUntil(alert) <= now && all <= now);
}

/** The alerts the back office raises on a file, with their French labels. */
export const ALERT_LABELS: Record<string, string> = {
  noNews: 'Pas de nouvelles depuis 7 jours',
  missingDocuments: 'Pièces manquantes',
  moveSoon: 'Emménagement dans moins de 15 jours',
};

/** The alert names a file knows; raising or lifting any other is refused ('Invalide'). */
export const ALERT_NAMES = Object.keys(ALERT_LABELS);

export function isAlertName(value: unknown): value is string {
  return typeof value === 'string' && ALERT_NAMES.includes(value);
}

export function alertLabel(alert: string): string {
  return ALERT_LABELS[alert] ?? alert;
}
