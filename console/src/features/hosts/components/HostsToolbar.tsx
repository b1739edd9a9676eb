import { Button, Group, HStack, IconButton, Input, InputGroup } from '@chakra-ui/react';
import type { AvailabilityFilter, HostsView } from '../types';
import { GridIcon, ListIcon, PlusIcon } from './icons';

type HostsToolbarProps = {
  input: string;
  onInput: (value: string) => void;
  isActive: AvailabilityFilter;
  onToggle: (value: boolean) => void;
  view: HostsView;
  onView: (view: HostsView) => void;
  onAdd: () => void;
};

/** Search, the availability chips, list/grid and the add button (spec §2 "Properties"). */
export function HostsToolbar(props: HostsToolbarProps) {
  const chip = (value: boolean, label: string) => {
    const on = props.isActive === value;
    return (
      <Button
        size="sm"
        borderRadius="full"
        variant={on ? 'solid' : 'outline'}
        aria-pressed={on}
        onClick={() => props.onToggle(value)}
      >
        {label}
      </Button>
    );
  };
  const viewButton = (value: HostsView, label: string, icon: React.ReactNode) => (
    <IconButton
      aria-label={label}
      aria-pressed={props.view === value}
      variant={props.view === value ? 'subtle' : 'ghost'}
      onClick={() => props.onView(value)}
    >
      {icon}
    </IconButton>
  );
  return (
    <HStack gap="3" wrap="wrap">
      <InputGroup flex="1" minW="56" maxW="md">
        <Input
          type="search"
          aria-label="Rechercher un bien"
          placeholder="Rechercher (adresse, contact, lien…)"
          value={props.input}
          onChange={(event) => props.onInput(event.currentTarget.value)}
        />
      </InputGroup>
      <HStack gap="2" role="group" aria-label="Disponibilité">
        {chip(true, 'Disponibles')}
        {chip(false, 'Non disponibles')}
      </HStack>
      <Group attached role="group" aria-label="Affichage">
        {viewButton('list', 'Vue liste', <ListIcon />)}
        {viewButton('grid', 'Vue grille', <GridIcon />)}
      </Group>
      <Button onClick={props.onAdd} ms="auto">
        <PlusIcon /> Ajouter un bien
      </Button>
    </HStack>
  );
}
