import { Box, Stack, Tabs, Text } from '@chakra-ui/react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../../../shared/format/date';
import { notifyError } from '../../../../shared/ui/toaster';
import { fetchComments, fetchTimeline } from '../../api';
import type { ProjectComment, TimelineItem } from '../../types';
import { CommentsList } from './CommentsList';

/** Timeline refresh every 5 s (spec §9). */
export const TIMELINE_REFRESH_MS = 5000;

function Timeline({ items }: { items: TimelineItem[] }) {
  if (items.length === 0) return <Text color="fg.muted">Aucun résultat</Text>;
  return (
    <Stack as="ol" gap="2" listStyleType="none">
      {items.map((item) => (
        <Box as="li" key={item._id} borderLeftWidth="3px" borderColor="brand.solid" pl="2">
          <Text fontSize="xs" color="fg.muted">
            {formatDate(item.date)}
            {item.author ? ` · ${item.author}` : ''}
          </Text>
          <Text fontSize="sm">{item.label}</Text>
        </Box>
      ))}
    </Stack>
  );
}

const COMMENTS_CHANGED = 'reloc:comments-changed';

/**
 * The server wrote a comment on the file by itself (e.g. 'Dossier abandonné : …' when it is
 * abandoned): the open side panel of that file reads its comments again.
 */
export function announceCommentsChanged(projectId: string): void {
  window.dispatchEvent(new CustomEvent<string>(COMMENTS_CHANGED, { detail: projectId }));
}

/** Public comments, private (sales) comments and the timeline of the project. */
export type SidePanelProps = {
  projectId: string;
  /** The timeline call (the project's by default; a prospect has its own). */
  loadTimeline?: (id: string) => Promise<TimelineItem[]>;
  /** One more tab after the timeline (a prospect's attached files). */
  extraTab?: { label: string; content: ReactNode };
};

export function SidePanel({ projectId, loadTimeline = fetchTimeline, extraTab }: SidePanelProps) {
  const [comments, setComments] = useState<ProjectComment[]>([]);
  const [timeline, setTimeline] = useState<TimelineItem[]>([]);

  const loadComments = useCallback(() => {
    fetchComments(projectId).then(setComments, notifyError);
  }, [projectId]);

  useEffect(loadComments, [loadComments]);

  useEffect(() => {
    // The comments list is a projection: read it now and again shortly after, to catch up.
    const timers: number[] = [];
    const onChanged = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== projectId) return;
      loadComments();
      for (const delay of [1000, 3000]) timers.push(window.setTimeout(loadComments, delay));
    };
    window.addEventListener(COMMENTS_CHANGED, onChanged);
    return () => {
      window.removeEventListener(COMMENTS_CHANGED, onChanged);
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [projectId, loadComments]);

  useEffect(() => {
    let failed = false;
    const load = () =>
      loadTimeline(projectId).then(
        (items) => {
          failed = false;
          setTimeline(items);
        },
        (error: unknown) => {
          if (!failed) notifyError(error);
          failed = true;
        },
      );
    void load();
    const timer = window.setInterval(() => void load(), TIMELINE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [projectId, loadTimeline]);

  return (
    <Tabs.Root defaultValue="public" variant="line" size="sm" fitted>
      <Tabs.List>
        <Tabs.Trigger value="public">Commentaires</Tabs.Trigger>
        <Tabs.Trigger value="private">Privés</Tabs.Trigger>
        <Tabs.Trigger value="timeline">Chronologie</Tabs.Trigger>
        {extraTab ? <Tabs.Trigger value="extra">{extraTab.label}</Tabs.Trigger> : null}
      </Tabs.List>
      <Tabs.Content value="public">
        <CommentsList
          projectId={projectId}
          visibility="all"
          comments={comments}
          onChanged={loadComments}
        />
      </Tabs.Content>
      <Tabs.Content value="private">
        <CommentsList
          projectId={projectId}
          visibility="sales"
          comments={comments}
          onChanged={loadComments}
        />
      </Tabs.Content>
      <Tabs.Content value="timeline">
        <Timeline items={timeline} />
      </Tabs.Content>
      {extraTab ? <Tabs.Content value="extra">{extraTab.content}</Tabs.Content> : null}
    </Tabs.Root>
  );
}

/** The side panel docked beside a file page on large screens (the mobile button shows it below). */
export function DockedSidePanel(props: SidePanelProps) {
  return (
    <Box
      as="aside"
      aria-label="Commentaires et chronologie"
      display={{ base: 'none', lg: 'block' }}
      position="sticky"
      top="4"
      bg="bg"
      borderWidth="1px"
      borderRadius="l3"
      p="3"
      maxH="calc(100dvh - 2rem)"
      overflowY="auto"
    >
      <SidePanel {...props} />
    </Box>
  );
}
