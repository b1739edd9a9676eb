import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { isAdmin, PROSPECT_STAGE_LABELS, PROSPECT_STAGES, type ProspectStage } from '@reloc/domain';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError } from '../../../shared/ui/toaster';
import { FloatingAddButton } from '../../../shared/ui/FloatingAddButton';
import { useDebouncedValue } from '../../projects/hooks/useDebouncedValue';
import { useShellStore } from '../../shell/store';
import { downloadProspectsReport, fetchProspects } from '../api';
import { AddProspectDialog } from '../components/AddProspectDialog';
import { ProspectTileCard } from '../components/ProspectTileCard';
import { FILTER_LABELS, type ProspectFilter, type ProspectTile } from '../types';

/** The prospects search waits 1 s (spec §9). */
export const PROSPECT_SEARCH_DEBOUNCE_MS = 1000;

/** /prospects: one column per stage, search, Actifs / Abandonnés / Tous (spec §2). */
export function ProspectsPage() {
  const navigate = useNavigate();
  const role = useShellStore((state) => state.me?.role ?? 'OPERATOR');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ProspectFilter>('active');
  const [tiles, setTiles] = useState<ProspectTile[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // Small screens show one column at a time, picked here (§2 "Prospects page").
  const [shownStage, setShownStage] = useState<ProspectStage>(PROSPECT_STAGES[0]);
  const debounced = useDebouncedValue(search.trim(), PROSPECT_SEARCH_DEBOUNCE_MS, 8000);

  useEffect(() => {
    const controller = new AbortController();
    fetchProspects(debounced, filter, controller.signal).then(setTiles, (error: unknown) => {
      if (!controller.signal.aborted) notifyError(error);
    });
    return () => controller.abort();
  }, [debounced, filter]);

  const columns = useMemo(
    () =>
      PROSPECT_STAGES.map((stage) => ({
        stage,
        tiles: (tiles ?? []).filter((tile) => tile.currentProgress === stage),
      })),
    [tiles],
  );

  const download = async () => {
    setDownloading(true);
    try {
      await downloadProspectsReport(debounced, filter);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box as="section" aria-labelledby="page-title">
      <HStack justify="space-between" wrap="wrap" gap="3" mb="3">
        <Heading as="h1" id="page-title" size="xl">
          Prospects (B2B)
        </Heading>
        <HStack gap="2">
          {isAdmin(role) ? (
            <Button
              size="sm"
              variant="outline"
              loading={downloading}
              onClick={() => void download()}
            >
              Télécharger
            </Button>
          ) : null}
          <Button size="sm" onClick={() => setAdding(true)}>
            Nouveau prospect
          </Button>
        </HStack>
      </HStack>
      <HStack gap="2" wrap="wrap" role="search" aria-label="Filtres des prospects" mb="4">
        <Input
          size="sm"
          bg="bg"
          maxW={{ base: 'full', md: '72' }}
          type="search"
          aria-label="Rechercher un prospect"
          placeholder="Rechercher"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Box minW="36">
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label="État"
              bg="bg"
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value as ProspectFilter)}
            >
              {(Object.keys(FILTER_LABELS) as ProspectFilter[]).map((value) => (
                <option key={value} value={value}>
                  {FILTER_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Box minW="48" display={{ base: 'block', md: 'none' }}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label="Colonne affichée"
              bg="bg"
              value={shownStage}
              onChange={(event) => setShownStage(event.currentTarget.value as ProspectStage)}
            >
              {PROSPECT_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {PROSPECT_STAGE_LABELS[stage]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      </HStack>
      {/* From xl (1280 px) the seven columns share the width: no sideways scrolling. */}
      <HStack
        align="stretch"
        gap={{ base: '3', xl: '2' }}
        overflowX="auto"
        display={{ base: 'flex', xl: 'grid' }}
        gridTemplateColumns={{ xl: `repeat(${PROSPECT_STAGES.length}, minmax(0, 1fr))` }}
        pb="4"
        aria-busy={tiles === null}
        // Scrolled sideways with the keyboard too (arrow keys once focused).
        tabIndex={0}
        role="region"
        aria-label="Étapes des prospects"
      >
        {columns.map(({ stage, tiles: shown }) => (
          <Box
            key={stage}
            as="section"
            aria-label={PROSPECT_STAGE_LABELS[stage]}
            data-testid={`prospect-column-${stage}`}
            minW={{ base: 'full', md: '64', xl: '0' }}
            w={{ base: 'full', md: '64', xl: 'auto' }}
            display={{ base: stage === shownStage ? 'block' : 'none', md: 'block' }}
            flexShrink={0}
            bg="bg.muted"
            borderRadius="l3"
            p="2"
          >
            <HStack justify="space-between" mb="2">
              <Heading as="h2" size="sm">
                {PROSPECT_STAGE_LABELS[stage]}
              </Heading>
              <Badge aria-label={`${shown.length} prospects`}>{shown.length}</Badge>
            </HStack>
            <Stack gap="2">
              {shown.map((tile) => (
                <ProspectTileCard key={tile._id} tile={tile} />
              ))}
              {tiles !== null && shown.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  Aucun résultat
                </Text>
              ) : null}
            </Stack>
          </Box>
        ))}
      </HStack>
      <FloatingAddButton label="Ajouter un prospect" onClick={() => setAdding(true)} />
      <AddProspectDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false);
          navigate(`/prospect/${id}`);
        }}
      />
    </Box>
  );
}
