import { MESSAGES, isEmail } from '../rules/messages';

export type LoginForm = { email: string; password: string };
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export const PASSWORD_MIN_LENGTH = 8;

/** Login: identifier required and an e-mail; password required, 8 characters at least. */
export function validateLogin(form: LoginForm): FieldErrors<LoginForm> {
  const errors: FieldErrors<LoginForm> = {};
  if (!form.email.trim()) errors.email = MESSAGES.required;
  else if (!isEmail(form.email.trim())) errors.email = MESSAGES.email;
  if (!form.password) errors.password = MESSAGES.required;
  else if (form.password.length < PASSWORD_MIN_LENGTH)
    errors.password = MESSAGES.minLength(PASSWORD_MIN_LENGTH);
  return errors;
}

/** French texts of §8 for the login and single sign-on returns. */
export const LOGIN_MESSAGES = {
  badCredentials: 'Identifiant ou mot de passe incorrect',
  internal: 'Une erreur interne a eu lieu',
  ssoDeactivated: 'Votre compte est désactivé',
  ssoUnknown: "Votre compte n'existe pas sur la plateforme",
  tooManyAttempts: 'Trop de tentatives de connexion, réessayez dans quelques minutes.',
} as const;

/** API message codes the console reacts to (§8). */
export const API_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  expiredToken: 'Expired token',
  duplicateMail: 'duplicateMail',
  duplicateTrigram: 'duplicateTrigram',
  forbidden: 'Accès refusé',
  notFound: 'Introuvable',
  invalidBody: 'Requête invalide',
  malformedJson: 'Le corps de la requête n’est pas un JSON valide',
  /** A JSON body over the limit (1 Mo); files have their own 413 message (16 Mo). */
  bodyTooLarge: 'Requête trop volumineuse (maxi 1 Mo)',
  generic: 'Une erreur a eu lieu',
} as const;
