export const ROLES = ['USER', 'OPERATOR', 'SALE', 'VENDOR', 'ADMIN', 'SUPERADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** Staff roles: every role but USER, who is logged out of the back office at once. */
export const STAFF_ROLES = ['OPERATOR', 'SALE', 'VENDOR', 'ADMIN', 'SUPERADMIN'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  USER: 'Utilisateur',
  OPERATOR: 'Consultant·e',
  SALE: 'Commercial',
  VENDOR: 'Vendeur',
  ADMIN: 'Admin',
  SUPERADMIN: 'Super admin',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaff(role: Role): role is StaffRole {
  return role !== 'USER';
}

/** 'admin or super admin' in the spec. */
export function isAdmin(role: Role): boolean {
  return role === 'ADMIN' || role === 'SUPERADMIN';
}

export function isSuperAdmin(role: Role): boolean {
  return role === 'SUPERADMIN';
}
