import type { StoredFileType } from '../files/file';

/** §3 "Document types". */
export const DOCUMENT_TYPES = [
  'identity',
  'family_record_book',
  'bail',
  'impots',
  'wages',
  'other_incomes',
  'justif_dom',
  'justif_dom_other',
  'contrat_travail',
  'promesse_embauche',
  'accord_employeur',
  'lettremission',
  'eligibilite',
  'crmission',
  'mobilipass',
  'full',
  'attestation_autre_garant',
  'attestation_temps_transport',
  'attestation_rattachement_fiscal',
  'attestation_hebergement',
  'attestation_non_imposition',
  'facture_prestation',
  'contrat_prestation_optimise',
  'contrat_prestation_premium',
  'mandat_recherche',
  'autres',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isDocumentType(value: unknown): value is DocumentType {
  return (DOCUMENT_TYPES as readonly unknown[]).includes(value);
}

/** French labels (§9 "Documents": 3 payslips, 2 tax notices, proof of address under 3 months). */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  identity: "Pièce d'identité",
  family_record_book: 'Livret de famille',
  bail: 'Bail',
  impots: "2 derniers avis d'imposition",
  wages: '3 derniers bulletins de salaire',
  other_incomes: 'Justificatif des autres revenus',
  justif_dom: 'Justificatif de domicile de moins de 3 mois',
  justif_dom_other: 'Autre justificatif de domicile',
  contrat_travail: 'Contrat de travail',
  promesse_embauche: "Promesse d'embauche",
  accord_employeur: "Accord de l'employeur",
  lettremission: 'Lettre de mission',
  eligibilite: "Attestation d'éligibilité",
  crmission: 'Compte rendu de mission',
  mobilipass: 'Mobili-Pass',
  full: 'Dossier complet',
  attestation_autre_garant: "Attestation d'un autre garant",
  attestation_temps_transport: 'Attestation de temps de transport',
  attestation_rattachement_fiscal: 'Attestation de rattachement fiscal',
  attestation_hebergement: "Attestation d'hébergement",
  attestation_non_imposition: 'Attestation de non-imposition',
  facture_prestation: 'Facture de prestation',
  contrat_prestation_optimise: 'Contrat de prestation optimisée',
  contrat_prestation_premium: 'Contrat de prestation premium',
  mandat_recherche: 'Mandat de recherche',
  autres: 'Autres',
};

/** Generated from templates, never added by hand (§3). */
export const MANUAL_FORBIDDEN_TYPES: readonly DocumentType[] = [
  'eligibilite',
  'crmission',
  'mobilipass',
];

/** Files a slot of this type expects: 3 payslips, 2 tax notices, otherwise one. */
export function expectedFileCount(type: DocumentType | null): number {
  if (type === 'wages') return 3;
  if (type === 'impots') return 2;
  return 1;
}

/** §3 "Document packs": the required slots of a folder. */
export const DOCUMENT_PACKS = {
  Locataire: ['identity', 'wages', 'impots', 'justif_dom', 'contrat_travail'],
  'Garant physique': ['identity', 'wages', 'impots', 'justif_dom'],
  'Autre garant': ['attestation_autre_garant'],
} as const satisfies Record<string, readonly DocumentType[]>;
export type DocumentPack = keyof typeof DOCUMENT_PACKS;
export const DOCUMENT_PACK_NAMES = Object.keys(DOCUMENT_PACKS) as DocumentPack[];

export function isDocumentPack(value: unknown): value is DocumentPack {
  return (DOCUMENT_PACK_NAMES as unknown[]).includes(value);
}

export function packTypes(pack: DocumentPack | null): readonly DocumentType[] {
  return pack ? DOCUMENT_PACKS[pack] : [];
}

/** The folders every project starts with, created the first time its documents are read. */
export const DEFAULT_FOLDERS: readonly { title: string; pack: DocumentPack }[] = [
  { title: 'Dossier Locatif', pack: 'Locataire' },
  { title: 'Dossier Garant', pack: 'Garant physique' },
];

/** Title of a merged document when none is given (`_merge`). */
export const MERGED_DOCUMENT_TITLE = 'Dossier complet';
export const MERGE_MIN_DOCUMENTS = 2;
export const MERGE_MAX_DOCUMENTS = 50;

export const DOCUMENT_MESSAGES = {
  notFound: 'Introuvable',
  fileNotFound: 'Fichier introuvable',
  manualForbidden: 'Ce type de document ne peut pas être ajouté à la main',
  folderRequired: 'Un document doit être rangé dans un dossier',
  notAFolder: "Ce document n'est pas un dossier",
  folderUpload: 'Un fichier se dépose sur un document, pas sur un dossier',
  noFiles: 'Aucun fichier pour ce document',
  nothingToMerge: 'Aucun fichier à fusionner',
  unknownTemplate: 'Modèle inconnu',
  unreadablePdf: 'Un des fichiers PDF est illisible',
  nameRequired: 'Le nom est obligatoire',
  notEncrypted: 'Un document est toujours stocké chiffré',
  packRequired: 'Seul un dossier peut recevoir un pack',
} as const;

/** One uploaded file of a document: its bytes are the blob `hash` of the encrypted blob store. */
export type DocumentFile = {
  fileId: string;
  name: string;
  mime: StoredFileType;
  size: number;
  uploadedAt: string;
  /** The uploader's trigram (null: an account without one). */
  uploader: string | null;
  /**
   * The blob's id: a random id since issue 14; the sha256 of the stored bytes before (clear, or
   * 'RLE1' when `encrypted`), which the migration rewrote encrypted under the same id.
   */
  hash: string;
  /** Stored through the encrypted blob store: always true for new files (false: older ones). */
  encrypted: boolean;
};

export type ProjectDocument = {
  _id: string;
  type: 'folder' | 'file';
  title: string;
  parentFolder: string | null;
  leaseId: string;
  documentType: DocumentType | null;
  /** Folders only. */
  pack: DocumentPack | null;
  /** A slot of its folder's pack. */
  required: boolean;
  /** Files, oldest first. */
  files: DocumentFile[];
  meta: { encrypted: boolean };
  createdAt: string;
  updatedAt: string;
};

/** The documents of one project (`documents-<projectId>`), in creation order. */
export type ProjectDocuments = {
  projectId: string;
  /** The default folders were created once (deleting them later does not bring them back). */
  opened: boolean;
  documents: ProjectDocument[];
  /** The "optional override" of §8: submission allowed with missing documents. */
  overridden: boolean;
  revision: number;
};

export function emptyProjectDocuments(projectId = ''): ProjectDocuments {
  return { projectId, opened: false, documents: [], overridden: false, revision: -1 };
}

/** Folders in creation order, each followed by its files (the list the console shows). */
export function orderedDocuments(documents: readonly ProjectDocument[]): ProjectDocument[] {
  const out: ProjectDocument[] = [];
  for (const folder of documents.filter((d) => d.type === 'folder')) {
    out.push(folder, ...documents.filter((d) => d.parentFolder === folder._id));
  }
  return out;
}

/** The files of a document: its own, or for a folder every file of its documents. */
export function filesOf(
  documents: readonly ProjectDocument[],
  document: ProjectDocument,
): DocumentFile[] {
  if (document.type === 'file') return [...document.files];
  return documents.filter((d) => d.parentFolder === document._id).flatMap((d) => d.files);
}
