import { Alert, Button, Stack } from '@chakra-ui/react';
import { type LoginForm as LoginValues, validateLogin } from '@reloc/domain';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { TextField } from '../../../shared/ui/TextField';
import { loginPartner } from '../api';
import { loginErrorMessage } from '../loginErrors';

// The shared rule (libs/domain) decides; react-hook-form only carries its French messages.
const loginResolver: Resolver<LoginValues> = (values) => {
  const found = validateLogin(values);
  const errors: FieldErrors<LoginValues> = {};
  for (const [field, message] of Object.entries(found) as [keyof LoginValues, string][]) {
    errors[field] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** Identifier and password; POST /login-partner; hands the token to `onLoggedIn`. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      const { token } = await loginPartner(email.trim(), password);
      onLoggedIn(token);
    } catch (error) {
      setServerError(loginErrorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Connexion">
      <Stack gap="4">
        <TextField
          label="Identifiant"
          required
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="prenom.nom@exemple.fr"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Mot de passe"
          required
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {serverError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{serverError}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Button type="submit" loading={isSubmitting} loadingText="Connexion…" size="lg">
          Se connecter
        </Button>
      </Stack>
    </form>
  );
}
