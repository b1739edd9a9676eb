import type { MailType } from '@reloc/domain';

export type MailContext = {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TEXTS: Record<MailType, { subject: string; paragraphs: (c: MailContext) => string[] }> = {
  onboarding: {
    subject: 'Bienvenue chez Reloc : votre recherche de logement commence',
    paragraphs: (c) => [
      `Nous avons bien reçu votre demande${c.company ? ` transmise par ${c.company}` : ''} et votre dossier est ouvert.`,
      'Votre consultant·e vous contactera très prochainement pour faire le point sur votre projet : dates, budget, quartiers et critères de logement.',
      'Pour gagner du temps, préparez dès maintenant votre pièce d’identité, vos trois derniers bulletins de salaire, votre dernier avis d’imposition et un justificatif de domicile de moins de trois mois.',
    ],
  },
  mobilipass: {
    subject: 'Votre aide Mobili-Pass d’Action Logement',
    paragraphs: () => [
      'Votre projet de mobilité peut être financé par l’aide Mobili-Pass d’Action Logement, qui prend en charge notre accompagnement.',
      'Pour la demander, nous avons besoin de votre contrat de travail ou de votre promesse d’embauche et d’une attestation de votre employeur. Vous trouverez la liste des pièces dans votre espace.',
      'Votre consultant·e constitue le dossier avec vous et l’envoie à Action Logement dès qu’il est complet.',
    ],
  },
  mission_done: {
    subject: 'Votre accompagnement Reloc est terminé',
    paragraphs: () => [
      'Votre recherche de logement est terminée : nous vous souhaitons une très bonne installation !',
      'Vous recevrez prochainement le compte rendu de mission. Merci de le signer afin que nous puissions clore votre dossier.',
      'Votre avis compte : n’hésitez pas à nous dire comment s’est passé votre accompagnement en répondant à ce courriel.',
    ],
  },
};

/** The French text of a client mail, as plain text and HTML. */
export function clientMail(type: MailType, context: MailContext) {
  const { subject, paragraphs } = TEXTS[type];
  const name = [context.firstName, context.lastName].filter((p) => p?.trim()).join(' ');
  const greeting = name ? `Bonjour ${name},` : 'Bonjour,';
  const body = [greeting, ...paragraphs(context), 'Bien cordialement,\nL’équipe Reloc'];
  return {
    subject,
    text: `${body.join('\n\n')}\n`,
    html: body.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}
