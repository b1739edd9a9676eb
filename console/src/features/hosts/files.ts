import type { FileChoice } from './types';

/** Lower case without accents: 'Hélène' is found by 'helene'. */
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export const fileName = (file: Pick<FileChoice, 'firstName' | 'lastName'>) =>
  `${file.firstName} ${file.lastName}`.trim();

/** How a chosen file reads in the autocomplete. */
export const fileLabel = (file: FileChoice) =>
  [fileName(file), file.email].filter(Boolean).join(' — ');

/** The files whose name (either order) or e-mail holds every typed word; at most `limit`. */
export function filterFiles(files: readonly FileChoice[], input: string, limit = 10): FileChoice[] {
  const words = fold(input).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const matches: FileChoice[] = [];
  for (const file of files) {
    const text = fold(`${file.firstName} ${file.lastName} ${file.email}`);
    if (words.every((word) => text.includes(word))) matches.push(file);
    if (matches.length >= limit) break;
  }
  return matches;
}
