import { Box, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { isAdmin } from '@reloc/domain';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format/date';
import { notifyError } from '../../../../shared/ui/toaster';
import { useShellStore } from '../../../shell/store';
import { deleteComment, postComment } from '../../api';
import type { ProjectComment, Visibility } from '../../types';

/** 'Etes vous sûr ?' Oui / Non, in place, before a comment is removed. */
function DeleteComment({ onConfirm }: { onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button size="2xs" variant="ghost" colorPalette="red" onClick={() => setAsking(true)}>
        Supprimer
      </Button>
    );
  }
  return (
    <HStack gap="1" role="group" aria-label="Confirmer la suppression">
      <Text>Etes vous sûr ?</Text>
      <Button
        size="2xs"
        colorPalette="red"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Oui
      </Button>
      <Button size="2xs" variant="outline" onClick={() => setAsking(false)}>
        Non
      </Button>
    </HStack>
  );
}

type CommentsListProps = {
  projectId: string;
  visibility: Visibility;
  comments: ProjectComment[];
  onChanged: () => void;
};

/** The comments of one visibility (public 'all' or private 'sales'), newest first. */
export function CommentsList({ projectId, visibility, comments, onChanged }: CommentsListProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const shown = comments.filter((comment) => comment.visibility === visibility);
  const me = useShellStore((state) => state.me);
  // The author (trigram) or an admin may delete; the API answers 403 to anyone else.
  const canDelete = (comment: ProjectComment) =>
    !!me && (isAdmin(me.role) || (!!me.trigram && comment.author === me.trigram));

  const send = async () => {
    const content = text.trim();
    if (!content) return;
    setSending(true);
    try {
      await postComment(projectId, content, visibility);
      setText('');
      onChanged();
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await deleteComment(id);
      onChanged();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="3">
      <Textarea
        aria-label={
          visibility === 'all' ? 'Nouveau commentaire public' : 'Nouveau commentaire privé'
        }
        placeholder="Écrire un commentaire…"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Button size="sm" alignSelf="end" loading={sending} onClick={() => void send()}>
        Envoyer
      </Button>
      {shown.length === 0 ? <Text color="fg.muted">Aucun résultat</Text> : null}
      {shown.map((comment) => (
        <Box
          key={comment._id}
          data-comment-id={comment._id}
          borderWidth="1px"
          borderRadius="l2"
          p="2"
          bg="bg"
        >
          <HStack justify="space-between" fontSize="xs" color="fg.muted">
            <Text>
              {comment.author ?? (comment.owner === 'user' ? 'Client' : '—')} ·{' '}
              {formatDate(comment.createdAt)}
            </Text>
            {canDelete(comment) ? (
              <DeleteComment onConfirm={() => void remove(comment._id)} />
            ) : null}
          </HStack>
          <Text whiteSpace="pre-wrap" fontSize="sm">
            {comment.content}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
