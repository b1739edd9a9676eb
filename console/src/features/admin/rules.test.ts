import { canDeactivate, formOf, reportTabOf, rewardsOf, validateUserForm } from './rules';
import { adminUser } from './test/fixtures';

describe('user form rules (§5 "Users and admin")', () => {
  it('requires a valid e-mail only when adding, and both names', () => {
    const form = { ...formOf(null), role: 'SALE' as const };
    expect(validateUserForm(form, true)).toMatchObject({
      email: 'Obligatoire',
      firstName: 'Obligatoire',
      lastName: 'Obligatoire',
    });
    expect(validateUserForm({ ...form, email: 'pas-un-mail' }, true).email).toBe(
      'Doit être une adresse e-mail valide.',
    );
    const edit = formOf(adminUser('u1'));
    expect(validateUserForm({ ...edit, email: '' }, false)).toEqual({});
  });

  it('checks every reward: required, numeric, at least 0; the adjustment has no rule', () => {
    const form = formOf(adminUser('u1'));
    form.rewards.sentToAL.lead = '';
    form.rewards.paid.visits = 'abc';
    form.rewards.paid.reloc = '-5';
    form.custom = 'n’importe quoi';
    expect(validateUserForm(form, false)).toEqual({
      'sentToAL.lead': 'Obligatoire',
      'paid.visits': 'Doit être un nombre',
      'paid.reloc': 'Doit être supérieur ou égal à 0',
    });
  });

  it('sends only numeric reward values', () => {
    const form = formOf(adminUser('u1'));
    form.rewards.sentToAL.lead = '40,5';
    form.rewards.paid.sale = 'x';
    form.custom = '';
    const rewards = rewardsOf(form);
    expect(rewards.sentToAL.lead).toBe(40.5);
    expect(rewards.paid).not.toHaveProperty('sale');
    expect(rewards).not.toHaveProperty('custom');
  });

  it('offers deactivation to the super admin only, for active SALE, OPERATOR, VENDOR, ADMIN', () => {
    expect(canDeactivate('SUPERADMIN', adminUser('u1', { role: 'OPERATOR' }))).toBe(true);
    expect(canDeactivate('ADMIN', adminUser('u1', { role: 'OPERATOR' }))).toBe(false);
    expect(canDeactivate('SUPERADMIN', adminUser('u1', { role: 'SUPERADMIN' }))).toBe(false);
    expect(canDeactivate('SUPERADMIN', adminUser('u1', { role: 'USER' }))).toBe(false);
    expect(
      canDeactivate('SUPERADMIN', adminUser('u1', { role: 'SALE', isDeactivated: true })),
    ).toBe(false);
  });

  it('files a report under its tab by name suffix', () => {
    expect(reportTabOf('2026-10-companies.xlsx')).toBe('companies');
    expect(reportTabOf('octobre-factures-recues.pdf')).toBe('factures-recues');
    expect(reportTabOf('b2c.csv')).toBe('b2c');
    expect(reportTabOf('notes.txt')).toBeNull();
  });
});
