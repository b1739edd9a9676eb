import { chakra, Text } from '@chakra-ui/react';
import { createContext, type ReactNode, useContext, useId } from 'react';

/** Why a file cannot be changed (spec: at or after sentToAL only admins change anything). */
export const READ_ONLY_REASON =
  'Lecture seule : le dossier a été envoyé à AL, seuls les administrateurs peuvent le modifier.';

/** True when the file shown (project page) is read-only for the signed-in user. */
export const FileReadOnlyContext = createContext(false);

export const useFileReadOnly = () => useContext(FileReadOnlyContext);

const Fieldset = chakra('fieldset');

/**
 * Disables every control inside (native `<fieldset disabled>`) when the file is read-only,
 * and says why once, above them.
 */
export function ReadOnlyGuard({
  children,
  note = true,
  readOnly: forced,
}: {
  children: ReactNode;
  /** Show the reason above the controls. */
  note?: boolean;
  readOnly?: boolean;
}) {
  const fromContext = useFileReadOnly();
  const readOnly = forced ?? fromContext;
  const id = useId();
  return (
    <Fieldset
      disabled={readOnly}
      aria-describedby={readOnly && note ? id : undefined}
      data-read-only={readOnly || undefined}
      border="0"
      m="0"
      p="0"
      minW="0"
    >
      {readOnly && note ? <ReadOnlyNote id={id} /> : null}
      {children}
    </Fieldset>
  );
}

/** The short reason shown next to disabled controls. */
export function ReadOnlyNote({ id }: { id?: string }) {
  return (
    <Text id={id} fontSize="sm" color="fg.muted" data-testid="read-only-note" mb="2">
      {READ_ONLY_REASON}
    </Text>
  );
}
