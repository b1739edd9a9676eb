import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Grid,
  HStack,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  API_MESSAGES,
  ASSIGNABLE_ROLES,
  REWARD_CATEGORIES,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '@reloc/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { TextField } from '../../../shared/ui/TextField';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { useShellStore } from '../../shell/store';
import { addMasterPassword, createUser, deleteUser, impersonate, updateUser } from '../api';
import { startImpersonation } from '../impersonation';
import {
  formOf,
  REWARD_LABELS,
  REWARD_STEP_LABELS,
  REWARD_STEPS,
  rewardKey,
  rewardsOf,
  type UserForm,
  validateUserForm,
} from '../rules';
import type { AdminUser } from '../types';

type Props = {
  /** null: closed; 'new': the add dialog; a user: the edit dialog. */
  user: AdminUser | 'new' | null;
  onClose: () => void;
  onSaved: (user: AdminUser) => void;
  onDeleted?: (user: AdminUser) => void;
};

/** Add or edit a staff member or user, with every reward (§3, §5 "Users and admin"). */
export function UserDialog({ user, onClose, onSaved, onDeleted }: Props) {
  const adding = user === 'new';
  const editing = user && user !== 'new' ? user : null;
  const meRole = useShellStore((state) => state.me?.role);
  const [form, setForm] = useState<UserForm>(() => formOf(editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [master, setMaster] = useState<string | null>(null);

  useEffect(() => {
    setForm(formOf(editing));
    setErrors({});
    setMaster(null);
  }, [user]);

  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const setReward = (step: (typeof REWARD_STEPS)[number], category: string, value: string) =>
    setForm((current) => ({
      ...current,
      rewards: { ...current.rewards, [step]: { ...current.rewards[step], [category]: value } },
    }));

  const roles: readonly Role[] = adding ? ASSIGNABLE_ROLES : ROLES;

  const save = async () => {
    const found = validateUserForm(form, adding);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const email = adding ? form.email.trim() : (editing as AdminUser).email;
      if (adding)
        await createUser({
          email,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          role: form.role as Role,
        });
      const saved = await updateUser({
        email,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        role: form.role as Role,
        trigram: form.trigram.trim() || null,
        version: Number(form.version) as 1 | 2,
        rewards: rewardsOf(form),
      });
      onSaved(saved);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const incarnate = async () => {
    if (!editing) return;
    try {
      const { token } = await impersonate(editing.email);
      startImpersonation(token, editing.email);
    } catch (error) {
      notifyError(error);
    }
  };

  /** §8: the server's message in an alert ('ok' on success), otherwise the generic one. */
  const remove = async () => {
    if (!editing) return;
    if (!window.confirm(`Supprimer définitivement le compte de ${editing.email} ?`)) return;
    try {
      const { message } = await deleteUser(editing.email);
      window.alert(message);
      onDeleted?.(editing);
    } catch (error) {
      if (error instanceof ApiError && error.sessionEnded) return;
      window.alert(
        error instanceof ApiError && error.status > 0 ? error.message : API_MESSAGES.generic,
      );
    }
  };

  const enableMaster = async () => {
    if (!editing) return;
    try {
      const { password } = await addMasterPassword(editing.email);
      setMaster(password);
      notify('Mot de passe maître activé pour 24 heures', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Dialog.Root
      open={user !== null}
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="user-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {adding
                  ? 'Ajouter un utilisateur'
                  : `Modifier ${editing?.firstName ?? ''} ${editing?.lastName ?? ''}`}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id="user-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void save();
                }}
              >
                <Stack gap="4">
                  <TextField
                    label="E-mail"
                    type="email"
                    required={adding}
                    readOnly={!adding}
                    value={form.email}
                    error={errors.email}
                    onChange={(e) => set('email', e.target.value)}
                  />
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                    <TextField
                      label="Prénom"
                      required
                      value={form.firstName}
                      error={errors.firstName}
                      onChange={(e) => set('firstName', e.target.value)}
                    />
                    <TextField
                      label="Nom"
                      required
                      value={form.lastName}
                      error={errors.lastName}
                      onChange={(e) => set('lastName', e.target.value)}
                    />
                  </Grid>
                  <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr' }} gap="3">
                    <Field.Root required invalid={Boolean(errors.role)}>
                      <Field.Label>
                        Rôle
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={form.role}
                          onChange={(e) => set('role', e.target.value as Role)}
                        >
                          <option value="">Choisir…</option>
                          {roles.map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errors.role}</Field.ErrorText>
                    </Field.Root>
                    <TextField
                      label="Trigramme"
                      maxLength={3}
                      value={form.trigram}
                      error={errors.trigram}
                      onChange={(e) => set('trigram', e.target.value.toUpperCase())}
                    />
                    <Field.Root>
                      <Field.Label>Version</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={form.version}
                          onChange={(e) => set('version', e.target.value as '1' | '2')}
                        >
                          <option value="1">1</option>
                          <option value="2">2</option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  </Grid>
                  {REWARD_STEPS.map((step) => (
                    <fieldset key={step}>
                      <Text as="legend" fontWeight="semibold" mb="2">
                        Rémunérations : {REWARD_STEP_LABELS[step]} (€)
                      </Text>
                      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
                        {REWARD_CATEGORIES.map((category) => (
                          <TextField
                            key={category}
                            label={REWARD_LABELS[category]}
                            aria-label={`${REWARD_LABELS[category]} (${REWARD_STEP_LABELS[step]})`}
                            required
                            inputMode="decimal"
                            value={form.rewards[step][category]}
                            error={errors[rewardKey(step, category)]}
                            onChange={(e) => setReward(step, category, e.target.value)}
                          />
                        ))}
                      </Grid>
                    </fieldset>
                  ))}
                  <TextField
                    label="Ajustement du prochain règlement (€)"
                    inputMode="decimal"
                    value={form.custom}
                    onChange={(e) => set('custom', e.target.value)}
                  />
                  {master ? (
                    <Text role="status" bg="bg.muted" p="2" borderRadius="l2">
                      Mot de passe maître (valable 24 h, affiché une seule fois) :{' '}
                      <Text as="code" fontWeight="bold" data-testid="master-password">
                        {master}
                      </Text>
                    </Text>
                  ) : null}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between" flexWrap="wrap">
              <HStack>
                {editing && meRole === 'SUPERADMIN' && editing.role !== 'USER' ? (
                  <Button
                    variant="outline"
                    onClick={() => void incarnate()}
                    disabled={editing.isDeactivated || editing.email === undefined}
                  >
                    Incarner
                  </Button>
                ) : null}
                {editing && meRole === 'SUPERADMIN' ? (
                  <Button variant="ghost" colorPalette="red" onClick={() => void remove()}>
                    Supprimer
                  </Button>
                ) : null}
                {editing && meRole === 'SUPERADMIN' && editing.role === 'USER' ? (
                  <Button variant="outline" onClick={() => void enableMaster()}>
                    Mot de passe maître
                  </Button>
                ) : null}
              </HStack>
              <HStack>
                <Button variant="ghost" onClick={onClose}>
                  Annuler
                </Button>
                <Button type="submit" form="user-form" loading={saving}>
                  Enregistrer
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
