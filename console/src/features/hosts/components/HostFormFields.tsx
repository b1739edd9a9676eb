import { Field, HStack, IconButton, SimpleGrid, Textarea } from '@chakra-ui/react';
import { UNKNOWN_ROOMS, URL_PATTERN } from '@reloc/domain';
import { AddressInput } from '../../../shared/geo/AddressInput';
import { TextField } from '../../../shared/ui/TextField';
import type { FieldErrors, HostForm, HostFormKey } from '../form';
import { ExternalLinkIcon } from './icons';

type TextKey = Exclude<
  HostFormKey,
  'address' | 'addressObject' | 'description' | 'isActive' | 'publish' | 'photoUrlEstate'
>;

/** Labels double as the accessible names an end-to-end test uses. */
const TEXT_FIELDS: {
  key: TextKey;
  label: string;
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'email';
  placeholder?: string;
  required?: boolean;
}[] = [
  { key: 'carrez', label: 'Surface (m²)', inputMode: 'decimal' },
  { key: 'numberOfRoom', label: 'Nombre de pièces', inputMode: 'numeric', required: true },
  { key: 'price', label: 'Prix (€)', inputMode: 'decimal' },
  { key: 'dateAvailable', label: 'Disponible le', placeholder: 'JJ/MM/AAAA' },
  { key: 'contactName', label: 'Nom du contact' },
  { key: 'contactPhoneNumber', label: 'Téléphone du contact', inputMode: 'tel' },
  { key: 'contactEmail', label: 'E-mail du contact', inputMode: 'email' },
];

type HostFormFieldsProps = {
  form: HostForm;
  errors: FieldErrors;
  onChange: <K extends HostFormKey>(key: K, value: HostForm[K]) => void;
  /** The add dialog leaves the availability date out. */
  withDate?: boolean;
};

/** The editable fields shared by the add dialog and the host page (spec §3 "Host"). */
export function HostFormFields({ form, errors, onChange, withDate = true }: HostFormFieldsProps) {
  const linkOk = URL_PATTERN.test(form.externalId.trim());
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
      <AddressInput
        label="Adresse"
        required
        text={form.address}
        place={form.addressObject}
        error={errors.address}
        onChange={(text, place) => {
          onChange('address', text);
          onChange('addressObject', place);
        }}
      />
      <HStack align="end" gap="1">
        <TextField
          label="Lien de l'annonce"
          required
          type="url"
          value={form.externalId}
          error={errors.externalId}
          onChange={(event) => onChange('externalId', event.currentTarget.value)}
        />
        <IconButton
          asChild={linkOk}
          disabled={!linkOk}
          variant="ghost"
          aria-label="Ouvrir l'annonce"
          mb={errors.externalId ? '6' : '0'}
        >
          {linkOk ? (
            <a href={form.externalId.trim()} target="_blank" rel="noreferrer noopener">
              <ExternalLinkIcon />
            </a>
          ) : (
            <ExternalLinkIcon />
          )}
        </IconButton>
      </HStack>
      {TEXT_FIELDS.filter((field) => withDate || field.key !== 'dateAvailable').map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          required={field.required}
          inputMode={field.inputMode}
          placeholder={field.placeholder}
          value={form[field.key]}
          error={errors[field.key]}
          onChange={(event) => onChange(field.key, event.currentTarget.value)}
          title={
            field.key === 'numberOfRoom' && form.numberOfRoom.trim() === String(UNKNOWN_ROOMS)
              ? 'Nombre de pièces inconnu (-1)'
              : undefined
          }
        />
      ))}
      <Field.Root gridColumn={{ md: 'span 2' }}>
        <Field.Label>Description</Field.Label>
        <Textarea
          value={form.description}
          minH="24"
          onChange={(event) => onChange('description', event.currentTarget.value)}
        />
      </Field.Root>
    </SimpleGrid>
  );
}
