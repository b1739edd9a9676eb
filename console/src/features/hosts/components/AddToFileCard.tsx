import { Alert, Box, Button, chakra, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { PROPOSAL_MESSAGES } from '@reloc/domain';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { proposeHost } from '../api';
import { fileLabel, filterFiles } from '../files';
import { useActiveFiles } from '../hooks/useActiveFiles';
import type { FileChoice } from '../types';

type AddToFileCardProps = { hostId: string; onAdded: () => void };

/** 'Ajouter à un dossier': a file chosen by name or mail, then POST /proposals/lease/{p}/host/{h}. */
export function AddToFileCard({ hostId, onAdded }: AddToFileCardProps) {
  const { files } = useActiveFiles();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<FileChoice | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [saving, setSaving] = useState(false);
  const [duplicate, setDuplicate] = useState(false);
  // Spec §8: a failed add is logged and flags the field, without a text.
  const [failed, setFailed] = useState(false);
  const listId = useId();
  const hintId = useId();

  const options = chosen ? [] : filterFiles(files ?? [], text);
  const expanded = open && options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (file: FileChoice) => {
    setChosen(file);
    setText(fileLabel(file));
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setSaving(true);
    setDuplicate(false);
    setFailed(false);
    try {
      await proposeHost(chosen._id, hostId);
      setChosen(null);
      setText('');
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setDuplicate(true);
      else {
        console.error("L'ajout du bien au dossier a échoué", error);
        setFailed(true);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby="add-to-file-title"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
    >
      <Heading as="h2" size="md" id="add-to-file-title" mb="3">
        Ajouter à un dossier
      </Heading>
      <form onSubmit={submit} aria-label="Ajouter à un dossier">
        <Stack gap="3">
          <Field.Root invalid={failed}>
            <Field.Label>Dossier</Field.Label>
            <Box position="relative" w="full">
              <Input
                value={text}
                autoComplete="off"
                role="combobox"
                aria-expanded={expanded}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-describedby={hintId}
                aria-activedescendant={expanded ? optionId(activeIndex) : undefined}
                placeholder={files === null ? 'Chargement des dossiers…' : undefined}
                onFocus={() => setOpen(true)}
                onKeyDown={(event) => {
                  // Arrows move through the suggestions, Enter takes one, Escape closes them.
                  if (event.key === 'Escape') setOpen(false);
                  if (!expanded) return;
                  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                    event.preventDefault();
                    const step = event.key === 'ArrowDown' ? 1 : -1;
                    setActive((activeIndex + step + options.length) % options.length);
                  } else if (event.key === 'Enter') {
                    event.preventDefault();
                    choose(options[activeIndex]);
                  }
                }}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  setChosen(null);
                  setOpen(true);
                  setActive(0);
                  setDuplicate(false);
                  setFailed(false);
                }}
              />
              {expanded ? (
                <Stack
                  id={listId}
                  role="listbox"
                  aria-label="Dossiers trouvés"
                  position="absolute"
                  zIndex="dropdown"
                  top="100%"
                  left="0"
                  right="0"
                  bg="bg"
                  borderWidth="1px"
                  borderRadius="l2"
                  boxShadow="md"
                  gap="0"
                  maxH="60"
                  overflowY="auto"
                >
                  {options.map((file, index) => (
                    <chakra.button
                      type="button"
                      role="option"
                      id={optionId(index)}
                      aria-selected={index === activeIndex}
                      bg={index === activeIndex ? 'bg.muted' : undefined}
                      tabIndex={-1}
                      key={file._id}
                      textAlign="left"
                      px="3"
                      py="2"
                      _hover={{ bg: 'bg.muted' }}
                      onClick={() => choose(file)}
                    >
                      {fileLabel(file)}
                    </chakra.button>
                  ))}
                </Stack>
              ) : null}
            </Box>
            <Field.HelperText id={hintId}>Nom ou mail</Field.HelperText>
          </Field.Root>
          <Button type="submit" disabled={!chosen} loading={saving} w="fit-content">
            Ajouter
          </Button>
          <div aria-live="polite">
            {duplicate ? (
              <Alert.Root status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Title>{PROPOSAL_MESSAGES.alreadyExists}</Alert.Title>
              </Alert.Root>
            ) : null}
          </div>
        </Stack>
      </form>
    </Box>
  );
}
