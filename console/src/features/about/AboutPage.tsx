import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { ROLE_LABELS } from '@reloc/domain';
import { PRIVACY_POLICY_URL } from '../../app/config';
import { formatDate } from '../../shared/format/date';
import { useShellStore } from '../shell/store';

/** About (spec §1): reserved to the provider's partners, with the privacy policy. */
export function AboutPage() {
  const me = useShellStore((state) => state.me);
  return (
    <Box as="section" aria-labelledby="page-title" maxW="2xl">
      <Heading as="h1" id="page-title" size="xl" mb="3">
        À propos
      </Heading>
      <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="l2" p="6">
        <Text>
          Reloc est le back-office du service de relocation et d’aide au logement. Cette application
          est réservée aux partenaires du prestataire : collaborateurs, commerciaux, consultant·e·s
          et administrateurs.
        </Text>
        <Text>
          Pour savoir comment vos données sont traitées, consultez la{' '}
          <Link
            href={PRIVACY_POLICY_URL}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            textDecoration="underline"
          >
            politique de confidentialité
          </Link>
          .
        </Text>
        {me ? (
          <Text color="fg.muted" fontSize="sm">
            Connecté·e en tant que {me.firstName} {me.lastName} ({ROLE_LABELS[me.role]})
            {me.createdAt ? `, compte créé le ${formatDate(me.createdAt)}` : ''}.
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
