import { MAX_TEMPLATE_BYTES, SIGNATURE_MESSAGES } from '@reloc/domain';

const isPdf = (file: Pick<File, 'name' | 'type'>) =>
  file.type ? file.type === 'application/pdf' : /\.pdf$/i.test(file.name);

/** The client checks of a template file (spec §9: 10 MB, PDF only); null when it may be sent. */
export function templateFileError(
  file: Pick<File, 'name' | 'type' | 'size'> | null,
): string | null {
  if (!file) return SIGNATURE_MESSAGES.fileRequired;
  if (!isPdf(file)) return SIGNATURE_MESSAGES.pdfOnly;
  if (file.size > MAX_TEMPLATE_BYTES) return SIGNATURE_MESSAGES.tooBig;
  return null;
}

export type TemplateFormErrors = { name?: string; file?: string };

export function templateFormErrors(form: {
  name: string;
  file: Pick<File, 'name' | 'type' | 'size'> | null;
}): TemplateFormErrors {
  const errors: TemplateFormErrors = {};
  if (!form.name.trim()) errors.name = SIGNATURE_MESSAGES.nameRequired;
  const file = templateFileError(form.file);
  if (file) errors.file = file;
  return errors;
}
