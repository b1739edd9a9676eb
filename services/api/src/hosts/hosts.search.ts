import type { Host } from '@reloc/domain';

/** Lower case without accents, so 'Élysée' is found by 'elysee' (both sides go through it). */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What a person types to find a property: address, description, contact, listing link, id. */
export function hostSearchText(host: Host): string {
  const phone = text(host.contactPhoneNumber);
  return foldText(
    [
      host.address,
      host.description,
      host.contactName,
      host.contactEmail,
      phone,
      phone.replace(/[\s.\-()]/g, ''), // '04 72 00 00 00' is also found by '0472'
      host.externalId,
      host._id,
    ]
      .map(text)
      .filter(Boolean)
      .join('\n'),
  );
}

/** The words of a search box, each to be found somewhere (at most 10 are kept). */
export function searchWords(input: string | undefined): string[] {
  return foldText(input ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10);
}
