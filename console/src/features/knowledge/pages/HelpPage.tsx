import { Accordion, Box, Button, Heading, HStack, Span, Text } from '@chakra-ui/react';
import { isAdmin } from '@reloc/domain';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notifyError } from '../../../shared/ui/toaster';
import { useShellStore } from '../../shell/store';
import { deleteKbItem, fetchKbItems, type KbItem } from '../api';
import { KbEditorDialog } from '../components/KbEditorDialog';
import { KbFiles } from '../components/KbFiles';
import { KB_CONTENT_STYLE } from '../components/kbContentStyle';

/** Delete with an 'Etes vous sûr ?' Oui/Non confirmation, as elsewhere in the console. */
function DeleteArticle({ item, onDeleted }: { item: KbItem; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    try {
      await deleteKbItem(item._id);
      onDeleted();
    } catch (error) {
      notifyError(error);
      setConfirming(false);
    }
  };
  if (!confirming)
    return (
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
        Supprimer
      </Button>
    );
  return (
    <HStack gap="2" role="group" aria-label={`Confirmer la suppression de ${item.title}`}>
      <Text fontSize="sm">Etes vous sûr ?</Text>
      <Button size="xs" colorPalette="red" onClick={() => void remove()}>
        Oui
      </Button>
      <Button size="xs" variant="outline" onClick={() => setConfirming(false)}>
        Non
      </Button>
    </HStack>
  );
}

/**
 * /help, the knowledge base 'Mon compte' (§2 "Knowledge base"): expandable articles for every
 * staff member; admins and super admins add, edit, delete and attach files (§6).
 */
export function HelpPage() {
  const role = useShellStore((state) => state.me?.role);
  const admin = role ? isAdmin(role) : false;
  const [items, setItems] = useState<KbItem[] | null>(null);
  const [editing, setEditing] = useState<{ item: KbItem | null } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchKbItems(controller.signal).then(setItems, (error: unknown) => {
      if (controller.signal.aborted) return;
      notifyError(error);
      setItems([]);
    });
    return () => controller.abort();
  }, []);

  const saved = (item: KbItem) =>
    setItems((list) => {
      const current = list ?? [];
      return current.some((other) => other._id === item._id)
        ? current.map((other) => (other._id === item._id ? item : other))
        : [...current, item];
    });

  return (
    <Box as="section" aria-labelledby="page-title" p={{ base: '3', md: '6' }} maxW="5xl">
      <HStack justify="space-between" wrap="wrap" gap="3" mb="4">
        <Heading as="h1" id="page-title" size="xl">
          Mon compte
        </Heading>
        {admin ? <Button onClick={() => setEditing({ item: null })}>Ajouter</Button> : null}
      </HStack>
      {items === null ? (
        <LoadingState label="Chargement des articles…" />
      ) : items.length === 0 ? (
        <EmptyState title="Aucun article" description="La base de connaissances est vide." />
      ) : (
        <Accordion.Root multiple collapsible lazyMount variant="enclosed" bg="bg">
          {items.map((item) => (
            <Accordion.Item key={item._id} value={item._id} data-testid="kb-item">
              <Accordion.ItemTrigger cursor="pointer">
                <Span flex="1" fontWeight="semibold">
                  {item.title}
                </Span>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody>
                  <Box
                    css={KB_CONTENT_STYLE}
                    data-testid="kb-content"
                    // Sanitised by the server on every write (sanitize-html, see the API).
                    dangerouslySetInnerHTML={{ __html: item.content }}
                  />
                  <KbFiles itemId={item._id} title={item.title} editable={admin} />
                  {admin ? (
                    <HStack gap="2" mt="4">
                      <Button size="xs" variant="outline" onClick={() => setEditing({ item })}>
                        Modifier
                      </Button>
                      <DeleteArticle
                        item={item}
                        onDeleted={() =>
                          setItems((list) => (list ?? []).filter((o) => o._id !== item._id))
                        }
                      />
                    </HStack>
                  ) : null}
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
      <KbEditorDialog
        open={editing !== null}
        item={editing?.item ?? null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
    </Box>
  );
}
