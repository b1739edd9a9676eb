import { Tabs } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../../shared/ui/toaster';
import { fetchComments } from '../../projects/api';
import { CommentsList } from '../../projects/page/components/CommentsList';
import type { ProjectComment } from '../../projects/types';

/** Public and private (sales) comments of the announcement, as on the project page. */
export function CommentsPane({ targetId, version }: { targetId: string; version: number }) {
  const [comments, setComments] = useState<ProjectComment[]>([]);
  const load = useCallback(() => {
    fetchComments(targetId).then(setComments, notifyError);
  }, [targetId]);
  // `version` changes when the page added a comment itself (a stop with its reason).
  useEffect(load, [load, version]);
  return (
    <Tabs.Root defaultValue="public" variant="line" size="sm" fitted>
      <Tabs.List>
        <Tabs.Trigger value="public">Commentaires</Tabs.Trigger>
        <Tabs.Trigger value="private">Privés</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="public">
        <CommentsList projectId={targetId} visibility="all" comments={comments} onChanged={load} />
      </Tabs.Content>
      <Tabs.Content value="private">
        <CommentsList
          projectId={targetId}
          visibility="sales"
          comments={comments}
          onChanged={load}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
