import { SetMetadata } from '@nestjs/common';
import type { Role } from '@reloc/domain';

export const ROLES_KEY = 'reloc:roles';
export const PUBLIC_KEY = 'reloc:public';

/** The roles allowed on a route (spec §6); without it, any staff role is. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** A route that needs no token (login, status, release). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
