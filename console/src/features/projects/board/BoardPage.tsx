import { Box, Heading, HStack } from '@chakra-ui/react';
import { boardColumns, type ProjectStage } from '@reloc/domain';
import { memo, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useShellStore } from '../../shell/store';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import type { StateFilter } from '../types';
import { AddProjectDialog } from './components/AddProjectDialog';
import { NewLeadButton } from '../../announcements/components/LeadDialog';
import { BOARD_TITLES, boardRouteKey, FIRST_FILTERS } from './boards';
import { BoardColumn } from './components/BoardColumn';
import { BoardDnd } from './components/BoardDnd';
import { BoardFilters } from './components/BoardFilters';
import { type ColumnState, useBoardData } from './hooks/useBoardData';
import { useDropRules } from './hooks/useDropRules';
import { FloatingAddButton } from '../../../shared/ui/FloatingAddButton';

const LOADING_COLUMN: ColumnState = { ids: [], total: 0, loading: true };

// The parts of the board a page of tiles does not change are not drawn again when one comes in.
const Filters = memo(BoardFilters);
const AddProject = memo(function AddProject({ onAdded }: { onAdded: () => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <FloatingAddButton label="Ajouter un projet" onClick={() => setAdding(true)} />
      <AddProjectDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={() => {
          setAdding(false);
          onAdded();
        }}
      />
    </>
  );
});

/** /reloc, /sales, /compta and any other path (the default set): the project board. */
export function BoardPage() {
  const { pathname } = useLocation();
  const routeKey = boardRouteKey(pathname);
  return <Board key={routeKey} routeKey={routeKey} />;
}

function Board({ routeKey }: { routeKey: string }) {
  const role = useShellStore((state) => state.me?.role ?? 'OPERATOR');
  const stages = useMemo(() => boardColumns(routeKey, role), [routeKey, role]);
  const [search, setSearch] = useState(FIRST_FILTERS.search);
  const [year, setYear] = useState<number | null>(FIRST_FILTERS.year);
  const [state, setState] = useState<StateFilter>(FIRST_FILTERS.state);
  const [shown, setShown] = useState<ProjectStage | undefined>(stages[0]);
  const debouncedSearch = useDebouncedValue(search.trim(), 300, 8000);
  const filters = useMemo(
    () => ({ search: debouncedSearch, year, state }),
    [debouncedSearch, year, state],
  );
  const board = BOARD_TITLES[routeKey] ? routeKey : 'default';
  const { data, loadMore, reload, move } = useBoardData(board, stages, filters);
  const { refusal, onPick, check } = useDropRules(data.tiles);
  // Said after the server answered: a refused drop is never first announced as done.
  const [announcement, setAnnouncement] = useState('');
  const handleDrop = useCallback(
    (id: string, target: Parameters<typeof move>[1]) => {
      setAnnouncement('');
      void check(id, target.stage).then((reason) => {
        if (reason) setAnnouncement(`Déplacement refusé : ${reason}`);
        else void move(id, target).then((said) => setAnnouncement(said ?? ''));
      });
    },
    [move, check],
  );

  return (
    <Box as="section" aria-labelledby="page-title" data-board-mode={board}>
      <HStack justify="space-between" wrap="wrap" gap="3" mb="3">
        <Heading as="h1" id="page-title" size="xl">
          {BOARD_TITLES[routeKey] ?? 'Tableau des projets'}
        </Heading>
        {board === 'sales' ? <NewLeadButton /> : null}
      </HStack>
      <Filters
        search={search}
        year={year}
        state={state}
        stages={stages}
        shownStage={shown}
        onSearch={setSearch}
        onYear={setYear}
        onState={setState}
        onShownStage={setShown}
      />
      <Box srOnly role="status" aria-live="polite" data-testid="board-announcement">
        {announcement}
      </Box>
      <BoardDnd tiles={data.tiles} onDrop={handleDrop} refusal={refusal} onPick={onPick}>
        <HStack align="stretch" gap="3" overflowX="auto" pb="4">
          {stages.map((stage) => (
            <BoardColumn
              key={stage}
              stage={stage}
              column={data.columns[stage] ?? LOADING_COLUMN}
              tiles={data.tiles}
              positions={data.positions}
              hiddenOnSmall={stage !== shown}
              onLoadMore={loadMore}
            />
          ))}
        </HStack>
      </BoardDnd>
      <AddProject onAdded={reload} />
    </Box>
  );
}
