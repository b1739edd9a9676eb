import { MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isObjectId } from '../shared/ids';

/** §3 "Signature template", §7 "Signature templates": the steps a document is signed at. */
export const SIGNATURE_STEPS = ['engagement', 'visits', 'mission', 'mobilipass'] as const;
export type SignatureStep = (typeof SIGNATURE_STEPS)[number];

export const SIGNATURE_STEP_LABELS: Record<SignatureStep, string> = {
  engagement: "Lettre d'engagement",
  visits: 'Bons de visite',
  mission: 'Rapport de fin de mission',
  mobilipass: 'Mobili-Pass',
};

export const TEMPLATE_DOCUMENT_TYPES = [
  'engagementLetter',
  'mobilipass',
  'endOfMissionReport',
  'other',
] as const;
export type TemplateDocumentType = (typeof TEMPLATE_DOCUMENT_TYPES)[number];

export const TEMPLATE_DOCUMENT_TYPE_LABELS: Record<TemplateDocumentType, string> = {
  engagementLetter: "Lettre d'engagement",
  mobilipass: 'Mobili-Pass',
  endOfMissionReport: 'Rapport de fin de mission',
  other: 'Autre',
};

/** §5 "Signature template", §9 "Documents": the template file maximum, in bytes. */
export const MAX_TEMPLATE_BYTES = 10_000_000;
export const TEMPLATE_NAME_MAX = 200;

export const SIGNATURE_MESSAGES = {
  pdfOnly: 'Seuls les fichiers PDF sont acceptés',
  tooBig: 'Votre fichier ne doit pas faire plus de 10Mo',
  fileRequired: 'Le fichier est obligatoire',
  nameRequired: 'Le nom est obligatoire',
  templateNotFound: 'Modèle introuvable',
  noActiveTemplate: 'Aucun modèle actif pour cette étape',
  notEnoughExactAddresses: 'Au moins 3 biens avec une adresse exacte sont nécessaires',
  noSigner: "Le locataire n'a pas d'adresse e-mail",
  notFound: 'Signature introuvable',
  notOpen: "Cette signature n'est plus en cours",
  alreadySigned: 'Vous avez déjà signé ce document',
  notArchived: "Le document signé n'est pas encore disponible",
  consentRequired: 'Vous devez accepter le document pour le signer',
  linkInvalid: 'Ce lien de signature est invalide ou a expiré',
} as const;

export function isSignatureStep(value: unknown): value is SignatureStep {
  return (SIGNATURE_STEPS as readonly unknown[]).includes(value);
}

export function isTemplateDocumentType(value: unknown): value is TemplateDocumentType {
  return (TEMPLATE_DOCUMENT_TYPES as readonly unknown[]).includes(value);
}

export type TemplateFile = { fileId: string; name: string; size: number; hash: string };

/** A signature template (`signature-template-<id>` streams). */
export type SignatureTemplate = {
  _id: string;
  name: string;
  step: SignatureStep;
  /** The provider-side id of the document; the file id for the built-in provider. */
  documentId: string;
  documentType: TemplateDocumentType;
  hasCoRequester: boolean;
  active: boolean;
  file: TemplateFile;
  createdAt: string;
  updatedAt: string;
  revision: number;
};

export function emptySignatureTemplate(): SignatureTemplate {
  return {
    _id: '',
    name: '',
    step: 'engagement',
    documentId: '',
    documentType: 'other',
    hasCoRequester: false,
    active: true,
    file: { fileId: '', name: '', size: 0, hash: '' },
    createdAt: '',
    updatedAt: '',
    revision: -1,
  };
}

export type CreateSignatureTemplate = {
  type: 'CreateSignatureTemplate';
  templateId: string;
  name: string;
  step: SignatureStep;
  documentType: TemplateDocumentType;
  hasCoRequester: boolean;
  file: TemplateFile;
  at: string;
};
export type UpdateSignatureTemplate = {
  type: 'UpdateSignatureTemplate';
  name: string;
  step: SignatureStep;
  hasCoRequester: boolean;
  active: boolean;
  at: string;
};
export type SignatureTemplateCommand = CreateSignatureTemplate | UpdateSignatureTemplate;

export type SignatureTemplateCreated = {
  type: 'SignatureTemplateCreated';
  data: Omit<CreateSignatureTemplate, 'type'>;
};
export type SignatureTemplateUpdated = {
  type: 'SignatureTemplateUpdated';
  data: Omit<UpdateSignatureTemplate, 'type'> & { templateId: string };
};
export type SignatureTemplateEvent = SignatureTemplateCreated | SignatureTemplateUpdated;

/** The fields shared by creation and edition; throws 400 with French field errors. */
export function checkTemplateFields(fields: { name: unknown; step: unknown }): string {
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  const errors: Record<string, string> = {};
  if (!name) errors.name = MESSAGES.required;
  else if (name.length > TEMPLATE_NAME_MAX) errors.name = MESSAGES.maxLength(TEMPLATE_NAME_MAX);
  if (!isSignatureStep(fields.step)) errors.step = MESSAGES.invalid;
  if (Object.keys(errors).length)
    throw new DomainError(
      errors.name ? SIGNATURE_MESSAGES.nameRequired : MESSAGES.invalid,
      'invalid',
      errors,
    );
  return name;
}

/** The template file rule (§5): the message to answer, or null when it is acceptable. */
export function templateFileProblem(
  file: { size: number; mime: string | null } | null,
): string | null {
  if (!file || file.size <= 0) return SIGNATURE_MESSAGES.fileRequired;
  if (file.mime !== 'application/pdf') return SIGNATURE_MESSAGES.pdfOnly;
  if (file.size > MAX_TEMPLATE_BYTES) return SIGNATURE_MESSAGES.tooBig;
  return null;
}

export function decideSignatureTemplate(
  command: SignatureTemplateCommand,
  state: SignatureTemplate,
): SignatureTemplateEvent[] {
  switch (command.type) {
    case 'CreateSignatureTemplate': {
      if (state.revision >= 0) throw new DomainError('Ce modèle existe déjà', 'conflict');
      const name = checkTemplateFields(command);
      if (!isTemplateDocumentType(command.documentType))
        throw new DomainError(MESSAGES.invalid, 'invalid', { documentType: MESSAGES.invalid });
      if (!isObjectId(command.templateId)) throw new DomainError(MESSAGES.invalid, 'invalid');
      const problem = command.file.fileId ? null : SIGNATURE_MESSAGES.fileRequired;
      if (problem) throw new DomainError(problem, 'invalid', { file: problem });
      const { type: _type, ...data } = command;
      void _type;
      return [{ type: 'SignatureTemplateCreated', data: { ...data, name } }];
    }
    case 'UpdateSignatureTemplate': {
      if (state.revision < 0)
        throw new DomainError(SIGNATURE_MESSAGES.templateNotFound, 'notFound');
      const name = checkTemplateFields(command);
      if (
        name === state.name &&
        command.step === state.step &&
        command.hasCoRequester === state.hasCoRequester &&
        command.active === state.active
      )
        return [];
      return [
        {
          type: 'SignatureTemplateUpdated',
          data: {
            templateId: state._id,
            name,
            step: command.step,
            hasCoRequester: command.hasCoRequester,
            active: command.active,
            at: command.at,
          },
        },
      ];
    }
  }
}

export function evolveSignatureTemplate(
  state: SignatureTemplate,
  event: SignatureTemplateEvent,
): SignatureTemplate {
  switch (event.type) {
    case 'SignatureTemplateCreated': {
      const { templateId, at, ...rest } = event.data;
      return {
        ...rest,
        _id: templateId,
        documentId: rest.file.fileId,
        active: true,
        createdAt: at,
        updatedAt: at,
        revision: state.revision + 1,
      };
    }
    case 'SignatureTemplateUpdated': {
      const { templateId: _id, at, ...rest } = event.data;
      void _id;
      return { ...state, ...rest, updatedAt: at, revision: state.revision + 1 };
    }
  }
}

export const signatureTemplateDecider: Decider<
  SignatureTemplateCommand,
  SignatureTemplateEvent,
  SignatureTemplate
> = {
  initialState: emptySignatureTemplate,
  decide: decideSignatureTemplate,
  evolve: evolveSignatureTemplate,
};

export const signatureTemplateStream = (id: string) => `signature-template-${id}`;
