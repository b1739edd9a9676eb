import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import {
  EMPLOYEES_COUNTS,
  FREE_TEXT_FIELDS,
  FREE_TEXT_HINTS,
  POTENTIAL_FIELDS,
  PROSPECT_FIELD_LABELS,
  PROSPECT_ORIGINS,
  PROSPECT_SELECT_LABELS,
  PROSPECT_TYPES,
  STRUCTURE_TYPES,
} from '@reloc/domain';
import { DraftField, FieldGroup, type FieldSpec } from '../../projects/page/components/DraftField';
import { AbandonControl } from './AbandonControl';
import { MonthlyChart } from './MonthlyChart';
import { StageSelect } from './StageSelect';
import { useProspect } from './useProspectAction';

const label = (name: string) => PROSPECT_FIELD_LABELS[name] ?? name;
const options = (values: readonly string[], labels: Record<string, string>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

const COMPANY: FieldSpec[] = [
  { name: 'name', label: label('name') },
  { name: 'shortid', label: label('shortid') },
  { name: 'techname', label: label('techname') },
  { name: 'siret', label: label('siret') },
  { name: 'address', label: label('address'), kind: 'address', placeField: 'addressObject' },
  {
    name: 'employeesCount',
    label: label('employeesCount'),
    kind: 'select',
    options: options(EMPLOYEES_COUNTS, PROSPECT_SELECT_LABELS.employeesCount),
  },
  {
    name: 'structureType',
    label: label('structureType'),
    kind: 'select',
    options: options(STRUCTURE_TYPES, PROSPECT_SELECT_LABELS.structureType),
  },
  {
    name: 'type',
    label: label('type'),
    kind: 'select',
    options: options(PROSPECT_TYPES, PROSPECT_SELECT_LABELS.type),
  },
  {
    name: 'origin',
    label: label('origin'),
    kind: 'select',
    options: options(PROSPECT_ORIGINS, PROSPECT_SELECT_LABELS.origin),
  },
];

const CONTACT: FieldSpec[] = [
  { name: 'companyContactName', label: label('companyContactName') },
  { name: 'companyContactJob', label: label('companyContactJob') },
  { name: 'companyContactPhone', label: label('companyContactPhone'), kind: 'tel' },
  { name: 'companyContactMail', label: label('companyContactMail'), kind: 'email' },
];

const POTENTIAL: FieldSpec[] = POTENTIAL_FIELDS.map((name) => ({
  name,
  label: label(name),
  kind: 'number',
}));

/** The stage's failing rules, beside the fields (spec §5 "Prospects"). */
function StageErrors() {
  const prospect = useProspect();
  const errors = Object.entries(prospect.stageErrors ?? {});
  if (!errors.length) return null;
  return (
    <Box role="alert" fontSize="sm" color="red.fg">
      {errors.map(([field, message]) => (
        <Text key={field}>
          {label(field)} : {message}
        </Text>
      ))}
    </Box>
  );
}

/** Infos: stage, abandon, demo date, company, potential, contact, free texts, chart (§2). */
export function ProspectInfoTab() {
  const prospect = useProspect();
  return (
    <Stack gap="4" pt="4">
      <HStack gap="6" wrap="wrap" align="end">
        <StageSelect />
        <AbandonControl />
      </HStack>
      <StageErrors />
      <Box maxW="sm">
        <DraftField name="demoDate" label={label('demoDate')} kind="date" />
      </Box>
      <FieldGroup title="Entreprise" fields={COMPANY} />
      <FieldGroup title="Potentiel annuel de mobilité" fields={POTENTIAL} />
      <FieldGroup title="Contact" fields={CONTACT} />
      {FREE_TEXT_FIELDS.map((name) => (
        <Box key={name} borderWidth="1px" borderRadius="l3" p="4" bg="bg">
          <DraftField name={name} label={label(name)} kind="textarea" />
          <Text fontSize="xs" color="fg.muted" mt="1">
            {FREE_TEXT_HINTS[name]}
          </Text>
        </Box>
      ))}
      <MonthlyChart stats={prospect.monthlyStats ?? []} />
    </Stack>
  );
}
