import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { ESTATE_TYPE_LABELS, EstateType, ProjectFields, ZONE_LABELS, Zone } from '@reloc/domain';
import { frenchDate } from './exports';
import { A4 } from './merge';
import { pdfSafeText } from './pdf-text';
import { wrapText } from './wrap-text';

/** The project's fields the sheet reads (any may be missing or null). */
export type InformationSheetProject = Partial<ProjectFields> & { _id?: string };

type Row = { label: string; field: string; format?: 'money' | 'date' | 'estate' | 'zone' };
export type SheetSection = { title: string; rows: { label: string; value: string }[] };

const EMPTY = 'Non défini';

/** The person rows (tenant, co-applicant, guarantors), by suffix of the prefixed field. */
const PERSON: Row[] = [
  { label: 'Civilité', field: 'Civility' },
  { label: 'Nom', field: 'LastName' },
  { label: 'Prénom', field: 'FirstName' },
  { label: 'E-mail', field: 'Email' },
  { label: 'Téléphone', field: 'PhoneNumber' },
  { label: 'Adresse', field: 'Address' },
  { label: 'Date de naissance', field: 'DateOfBirth', format: 'date' },
  { label: 'Lieu de naissance', field: 'PlaceOfBirth' },
  { label: 'Département de naissance', field: 'DeptOfBirth' },
  { label: 'Nationalité', field: 'Nationality' },
  { label: 'Situation familiale', field: 'FamilyStatus' },
  { label: "Nombre d'enfants", field: 'ChildrenCount' },
  { label: 'Type de contrat', field: 'ContractType' },
  { label: 'Entreprise', field: 'Company' },
  { label: 'Poste', field: 'Job' },
  { label: 'Début du contrat', field: 'ContractStartDate', format: 'date' },
  { label: "Fin de la période d'essai", field: 'EndOfTrialPeriod', format: 'date' },
  { label: 'Salaire', field: 'Wage', format: 'money' },
  { label: 'Revenu fiscal de référence', field: 'ReferenceTaxRevenue', format: 'money' },
  { label: 'Autres revenus', field: 'OtherIncomes', format: 'money' },
];

const TENANT: Row[] = [
  { label: 'Civilité', field: 'civility' },
  { label: 'Nom', field: 'lastName' },
  { label: 'Prénom', field: 'firstName' },
  { label: 'E-mail', field: 'userId' },
  { label: 'Téléphone', field: 'phoneNumber' },
  { label: 'Ville actuelle', field: 'actualCity' },
  { label: 'Date de naissance', field: 'dateOfBirth', format: 'date' },
  { label: 'Lieu de naissance', field: 'placeOfBirth' },
  { label: 'Département de naissance', field: 'deptOfBirth' },
  { label: 'Nationalité', field: 'nationality' },
  { label: 'Situation familiale', field: 'familyStatus' },
  { label: "Nombre d'enfants", field: 'childrenCount' },
  { label: 'Enfants à naître', field: 'childrenToBeBorn' },
  { label: 'Situation actuelle', field: 'previousOwnerType' },
  { label: 'Type de contrat', field: 'contractType' },
  { label: 'Poste', field: 'job' },
  { label: 'Début du contrat', field: 'contractStartDate', format: 'date' },
  { label: "Fin de la période d'essai", field: 'endOfTrialPeriod', format: 'date' },
  { label: 'Salaire', field: 'wage', format: 'money' },
  { label: 'Revenu fiscal de référence', field: 'referenceTaxRevenue', format: 'money' },
  { label: 'Autres revenus', field: 'otherIncomes', format: 'money' },
];

const COMPANY: Row[] = [
  { label: 'Entreprise', field: 'company' },
  { label: 'SIRET', field: 'companySiret' },
  { label: 'Adresse de travail', field: 'addressWork' },
  { label: 'Contact', field: 'companyContactName' },
  { label: 'Téléphone', field: 'companyPhone' },
  { label: 'E-mail', field: 'companyMail' },
];

const SEARCH: Row[] = [
  { label: 'Type de bien', field: 'typeOfEstate', format: 'estate' },
  { label: 'Surface minimum (m²)', field: 'surfacemin' },
  { label: 'Nombre de pièces', field: 'numberOfRoom' },
  { label: 'Budget', field: 'budget', format: 'money' },
  { label: "Date d'emménagement", field: 'dateMove', format: 'date' },
  { label: 'Zone', field: 'zone', format: 'zone' },
  { label: 'Critère 1', field: 'criterion1' },
  { label: 'Critère 2', field: 'criterion2' },
  { label: 'Critère 3', field: 'criterion3' },
  { label: 'Bien idéal', field: 'descEstateAdmin' },
  { label: 'Quartier souhaité', field: 'futurNeighborhoodAdmin' },
];

function formatted(value: unknown, format: Row['format']): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (format === 'date' && typeof value === 'string') return frenchDate(value) ?? value;
  if (format === 'money' && typeof value === 'number') return `${value} €`;
  if (format === 'estate') return ESTATE_TYPE_LABELS[value as EstateType] ?? String(value);
  if (format === 'zone') return `Zone ${value} (${ZONE_LABELS[value as Zone] ?? ''})`;
  if (typeof value === 'object' && value && 'label' in value) return String(value.label);
  return String(value);
}

function rows(project: InformationSheetProject, spec: Row[], prefix = '') {
  const fields = project as Record<string, unknown>;
  return spec.map((row) => ({
    label: row.label,
    value: formatted(fields[prefix + row.field], row.format),
  }));
}

/** The sections of the sheet, in order; the co-applicant only when enabled. */
export function informationSheetSections(project: InformationSheetProject): SheetSection[] {
  return [
    { title: 'Locataire', rows: rows(project, TENANT) },
    { title: 'Entreprise', rows: rows(project, COMPANY) },
    ...(project.coEnabled ? [{ title: 'Co-locataire', rows: rows(project, PERSON, 'co') }] : []),
    {
      title: 'Garant 1',
      rows: [
        ...rows(project, PERSON, 'g1'),
        ...rows(project, [{ label: 'Commentaire', field: 'Comment' }], 'g1'),
      ],
    },
    {
      title: 'Garant 2',
      rows: [
        ...rows(project, PERSON, 'g2'),
        ...rows(project, [{ label: 'Commentaire', field: 'Comment' }], 'g2'),
      ],
    },
    { title: 'Recherche', rows: rows(project, SEARCH) },
  ];
}

const MARGIN = 48;
const COLOURS = {
  primary: rgb(0x60 / 255, 0xa6 / 255, 0x94 / 255),
  text: rgb(0.13, 0.13, 0.13),
  muted: rgb(0.42, 0.42, 0.42),
  rule: rgb(0.85, 0.85, 0.85),
};
const LABEL_WIDTH = 190;
const LINE = 14;
const VALUE_CHARS = 58;

/**
 * The client's information sheet ('fiche de renseignement'): one A4 document, French headings
 * Locataire, Entreprise, Co-locataire (if any), Garant 1, Garant 2, Recherche, a label and a
 * value per line ('Non défini' when empty).
 */
export async function buildInformationSheet(project: InformationSheetProject): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const name = [project.firstName, project.lastName].filter((part) => part?.trim()).join(' ');
  doc.setTitle(`Fiche de renseignement - ${name || 'Client'}`);
  doc.setLanguage('fr-FR');
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const draw = (text: string, x: number, size: number, font: PDFFont, colour = COLOURS.text) =>
    page.drawText(pdfSafeText(text, font), { x, y: y - size, size, font, color: colour });
  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };

  draw('Fiche de renseignement', MARGIN, 20, bold, COLOURS.primary);
  y -= 28;
  draw(name || 'Client', MARGIN, 12, regular, COLOURS.muted);
  y -= 24;

  for (const section of informationSheetSections(project)) {
    ensure(22 + 2 * LINE);
    draw(section.title, MARGIN, 14, bold, COLOURS.primary);
    y -= 18;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.6,
      color: COLOURS.rule,
    });
    y -= 6;
    for (const row of section.rows) {
      const lines = wrapText(row.value, VALUE_CHARS).slice(0, 6);
      ensure(lines.length * LINE);
      draw(row.label, MARGIN, 9.5, regular, COLOURS.muted);
      for (const line of lines) {
        draw(line, MARGIN + LABEL_WIDTH, 9.5, regular);
        y -= LINE;
      }
    }
    y -= 12;
  }
  return doc.save();
}
