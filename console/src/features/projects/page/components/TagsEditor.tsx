import { Badge, CloseButton, HStack, Input } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { fetchExistingTags, postLeaseAction } from '../../api';
import { notifyRefusal } from '../../shared/errors';
import type { ProjectDoc } from '../../types';
import { useDraft } from './DraftContext';

type TagsEditorProps = {
  /** The known tags suggested (the projects' by default). */
  loadTags?: () => Promise<string[]>;
  /** Saves the new list and answers the document (the project's POST action by default). */
  saveTags?: (id: string, tags: string[]) => Promise<ProjectDoc>;
};

const saveLeaseTags = (id: string, tags: string[]) => postLeaseAction(id, { tags });

/** The project's (or prospect's) tags: remove with ×, add by typing (existing tags suggested). */
export function TagsEditor({
  loadTags = fetchExistingTags,
  saveTags = saveLeaseTags,
}: TagsEditorProps = {}) {
  const { draft, editable } = useDraft();
  const project = draft.state.base;
  const tags = project.tags ?? [];
  const [existing, setExisting] = useState<string[]>([]);
  const [text, setText] = useState('');
  const listId = useId();

  useEffect(() => {
    loadTags().then(setExisting, () => setExisting([]));
  }, [loadTags]);

  const save = async (next: string[]) => {
    try {
      draft.adopt(await saveTags(project._id, next));
    } catch (error) {
      notifyRefusal(error);
    }
  };

  const add = () => {
    const tag = text.trim();
    setText('');
    if (tag && !tags.includes(tag)) void save([...tags, tag]);
  };

  return (
    <HStack gap="1" wrap="wrap" aria-label="Étiquettes" role="group">
      {tags.map((tag) => (
        <Badge key={tag} variant="subtle" size="md" pr={editable ? '0' : undefined}>
          {tag}
          {editable ? (
            <CloseButton
              size="2xs"
              aria-label={`Retirer l’étiquette ${tag}`}
              onClick={() => void save(tags.filter((other) => other !== tag))}
            />
          ) : null}
        </Badge>
      ))}
      {editable ? (
        <>
          <Input
            size="xs"
            w="40"
            list={listId}
            aria-label="Ajouter une étiquette"
            placeholder="Ajouter une étiquette"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <datalist id={listId}>
            {existing
              .filter((tag) => !tags.includes(tag))
              .map((tag) => (
                <option key={tag} value={tag} />
              ))}
          </datalist>
        </>
      ) : null}
    </HStack>
  );
}
