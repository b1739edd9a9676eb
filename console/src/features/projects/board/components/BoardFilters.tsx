import { Box, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { filterYears, type ProjectStage, STAGE_LABELS } from '@reloc/domain';
import type { ReactNode } from 'react';
import type { StateFilter } from '../../types';

export const STATE_LABELS: Record<StateFilter, string> = {
  active: 'Actifs',
  alerts: 'Alertes',
  stopped: 'Abandonnés',
  all: 'Tous',
};

type BoardFiltersProps = {
  search: string;
  year: number | null;
  state: StateFilter;
  stages: readonly ProjectStage[];
  shownStage: ProjectStage | undefined;
  onSearch: (value: string) => void;
  onYear: (value: number | null) => void;
  onState: (value: StateFilter) => void;
  onShownStage: (stage: ProjectStage) => void;
};

function Select({
  label,
  value,
  onChange,
  children,
  display,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  display?: Record<string, string>;
}) {
  return (
    <Box display={display} minW="36">
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-label={label}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          bg="bg"
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}

/** Search, year and state; on small screens also the column shown (spec §2 "Project boards"). */
export function BoardFilters(props: BoardFiltersProps) {
  return (
    <HStack gap="2" wrap="wrap" role="search" aria-label="Filtres du tableau" mb="4">
      <Input
        size="sm"
        bg="bg"
        maxW={{ base: 'full', md: '72' }}
        type="search"
        aria-label="Rechercher un projet"
        placeholder="Rechercher (nom, e-mail, entreprise…)"
        value={props.search}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
      />
      <Select
        label="Année"
        value={props.year === null ? '' : String(props.year)}
        onChange={(value) => props.onYear(value ? Number(value) : null)}
      >
        <option value="">Toutes les années</option>
        {/* 2017 to the current year, from the clock (issue 15 point 12). */}
        {filterYears().map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </Select>
      <Select
        label="État"
        value={props.state}
        onChange={(value) => props.onState(value as StateFilter)}
      >
        {(Object.keys(STATE_LABELS) as StateFilter[]).map((state) => (
          <option key={state} value={state}>
            {STATE_LABELS[state]}
          </option>
        ))}
      </Select>
      <Select
        label="Colonne affichée"
        value={props.shownStage ?? ''}
        onChange={(value) => props.onShownStage(value as ProjectStage)}
        display={{ base: 'block', md: 'none' }}
      >
        {props.stages.map((stage) => (
          <option key={stage} value={stage}>
            {STAGE_LABELS[stage]}
          </option>
        ))}
      </Select>
    </HStack>
  );
}
