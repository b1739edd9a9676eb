/** The French messages of the rule engine (spec §5 "Generic rule engine"). */
export const MESSAGES = {
  required: 'Obligatoire',
  invalid: 'Invalide',
  email: 'Doit être une adresse e-mail valide.',
  minLength: (n: number) => `Doit contenir au minimum ${n} caractères.`,
  maxLength: (n: number) => `Ne peut pas contenir plus de ${n} caractères.`,
  integer: 'Doit être un nombre entier',
  number: 'Doit être un nombre',
  minValue: (n: number) => `Doit être supérieur ou égal à ${n}`,
  maxValue: (n: number) => `Doit être inférieur ou égal à ${n}`,
  unknownField: 'Champ inconnu',
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}
