import { Box, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { useShellStore } from '../../shell/store';
import { useProposalsStore } from '../store';
import type { ProposalRow } from '../types';

/** The proposal's comments; staff add theirs as owner 'hil' with their name. */
export function ProposalComments({ row }: { row: ProposalRow }) {
  const apply = useProposalsStore((state) => state.apply);
  const me = useShellStore((state) => state.me);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const name = me ? `${me.firstName} ${me.lastName}`.trim() || null : null;

  const send = async () => {
    const comment = text.trim();
    if (!comment) return;
    setSending(true);
    const added = { comment, name, owner: 'hil' as const, date: new Date().toISOString() };
    const ok = await apply(row.idSell, {
      body: { comments: { comment, owner: 'hil', name } },
      patch: { comments: [...row.comments, added] },
    });
    setSending(false);
    if (ok) setText('');
  };

  return (
    <Stack gap="2" as="section" aria-label="Commentaires de la proposition">
      <Text fontWeight="semibold">Commentaires</Text>
      {row.comments.length === 0 ? <Text color="fg.muted">Aucun résultat</Text> : null}
      {row.comments.map((comment, index) => (
        <Box key={`${comment.date}-${index}`} borderLeftWidth="2px" pl="2">
          <Text fontSize="xs" color="fg.muted">
            {comment.owner === 'hil' ? (comment.name ?? 'Reloc') : 'Client'} ·{' '}
            {formatDate(comment.date)}
          </Text>
          <Text whiteSpace="pre-wrap">{comment.comment}</Text>
        </Box>
      ))}
      <Field.Root>
        <Field.Label>Nouveau commentaire</Field.Label>
        <Textarea size="sm" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      </Field.Root>
      <Button
        size="sm"
        alignSelf="start"
        disabled={!text.trim()}
        loading={sending}
        onClick={() => void send()}
      >
        Ajouter le commentaire
      </Button>
    </Stack>
  );
}
