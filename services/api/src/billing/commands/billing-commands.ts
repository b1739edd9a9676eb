import type { BillingOverrides } from '@reloc/domain';
import type { Actor } from '../../infrastructure/command-executor';

/** POST /billing/{id}/confirm: the reviewer confirms an entry as it reads it. */
export class ConfirmBillingCommand {
  constructor(
    readonly actor: Actor,
    readonly billingId: string,
  ) {}
}

/** PUT /lease/{id}/billing: the super admin's per-file billing overrides. */
export class SetBillingOverridesCommand {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly overrides: BillingOverrides,
  ) {}
}
