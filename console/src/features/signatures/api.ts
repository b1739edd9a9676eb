import type { SignatureStep } from '@reloc/domain';
import { api } from '../../shared/api/client';
import type { NewTemplate, SignatureDto, SignatureTemplateDto, TemplateUpdate } from './types';

const id = (value: string) => encodeURIComponent(value);

/** The current request of each step of the project. */
export const fetchSignatures = (projectId: string, signal?: AbortSignal) =>
  api.get<SignatureDto[]>(`/signatures/${id(projectId)}`, { signal });

/** 'Générer' / 'Regénérer' (admins): an OPEN request of the step is aborted then recreated. */
export const requestSignature = (projectId: string, step: SignatureStep) =>
  api.post<SignatureDto>(`/signatures/${id(projectId)}`, { step });

/** 'Annuler la demande' (admins). */
export const abortSignature = (projectId: string, step: SignatureStep) =>
  api.put<unknown>(`/signatures/abort/${id(projectId)}`, { step });

/** A signed, short-lived URL of the evidence page, opened in a new tab. */
export const fetchProofUrl = (signatureId: string) =>
  api.get<{ proof: string }>(`/signatures/proof/${id(signatureId)}`).then((r) => r.proof);

/** A signed, short-lived URL of the signed document, opened in a new tab. */
export const fetchFinalDocUrl = (projectId: string, step: SignatureStep, transactionId: string) =>
  api
    .get<{ finalDoc: string }>(
      `/signatures/final-doc/${id(projectId)}/${id(step)}/${id(transactionId)}`,
    )
    .then((r) => r.finalDoc);

/** The templates (the total is in `x-total-count`). */
export const fetchTemplates = (signal?: AbortSignal) =>
  api.get<SignatureTemplateDto[]>('/signature-templates', {
    query: { offset: 0, size: 100 },
    signal,
  });

export function createTemplate(template: NewTemplate) {
  const body = new FormData();
  body.append('name', template.name);
  body.append('step', template.step);
  body.append('documentType', template.documentType);
  body.append('hasCoRequester', String(template.hasCoRequester));
  body.append('file', template.file, template.file.name);
  return api.post<SignatureTemplateDto>('/signature-templates', body);
}

export const updateTemplate = (templateId: string, update: TemplateUpdate) =>
  api.put<SignatureTemplateDto>(`/signature-templates/${id(templateId)}`, update);

/** A signed URL showing the template PDF, for an iframe. */
export const fetchTemplateEditionUrl = (templateId: string) =>
  api
    .get<{ url: string }>(`/signature-templates/${id(templateId)}/update-template-edition-url`)
    .then((r) => r.url);
