import type { Role } from '@reloc/domain';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useShellStore } from '../store';

/** Shows `children` only to the roles allowed (the server checks them too, spec §6). */
export function RequireRole({
  allow,
  children,
}: {
  allow: (role: Role) => boolean;
  children: ReactNode;
}) {
  const role = useShellStore((state) => state.me?.role);
  if (!role || !allow(role)) {
    return (
      <EmptyState
        title="Accès réservé"
        description="Cette page n’est pas accessible avec votre rôle."
      />
    );
  }
  return children;
}
