import type { Role } from '@reloc/domain';

export type DemoAccount = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  trigram: string | null;
  deactivated?: boolean;
};

/** The demo team: every role, each with a trigram; all log in with RELOC_ADMIN_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'claire.martin@reloc.fr',
    firstName: 'Claire',
    lastName: 'Martin',
    role: 'ADMIN',
    trigram: 'CMA',
  },
  {
    email: 'julien.bernard@reloc.fr',
    firstName: 'Julien',
    lastName: 'Bernard',
    role: 'OPERATOR',
    trigram: 'JBE',
  },
  {
    email: 'sophie.petit@reloc.fr',
    firstName: 'Sophie',
    lastName: 'Petit',
    role: 'SALE',
    trigram: 'SPE',
  },
  {
    email: 'thomas.robert@reloc.fr',
    firstName: 'Thomas',
    lastName: 'Robert',
    role: 'VENDOR',
    trigram: 'TRO',
  },
  {
    email: 'camille.durand@reloc.fr',
    firstName: 'Camille',
    lastName: 'Durand',
    role: 'OPERATOR',
    trigram: 'CDU',
  },
  {
    email: 'nicolas.moreau@reloc.fr',
    firstName: 'Nicolas',
    lastName: 'Moreau',
    role: 'OPERATOR',
    trigram: 'NMO',
  },
  {
    email: 'ines.lefebvre@reloc.fr',
    firstName: 'Inès',
    lastName: 'Lefebvre',
    role: 'SALE',
    trigram: 'ILE',
  },
  {
    email: 'hugo.garcia@reloc.fr',
    firstName: 'Hugo',
    lastName: 'Garcia',
    role: 'SALE',
    trigram: 'HGA',
  },
  {
    email: 'manon.roux@reloc.fr',
    firstName: 'Manon',
    lastName: 'Roux',
    role: 'ADMIN',
    trigram: 'MRO',
  },
  {
    email: 'antoine.fournier@reloc.fr',
    firstName: 'Antoine',
    lastName: 'Fournier',
    role: 'OPERATOR',
    trigram: 'AFO',
    deactivated: true,
  },
  {
    email: 'lea.dubois@exemple.fr',
    firstName: 'Léa',
    lastName: 'Dubois',
    role: 'USER',
    trigram: null,
  },
];

export const SUPERADMIN_PROFILE = {
  firstName: 'Alice',
  lastName: 'Lambert',
  trigram: 'ALA',
} as const;
