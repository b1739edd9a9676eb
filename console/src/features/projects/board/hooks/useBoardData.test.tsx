import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ProjectStage } from '@reloc/domain';
import { startEarly } from '../../../../shared/api/early';
import { setToken } from '../../../../shared/api/token';
import { stubFetch } from '../../../../test/http';
import { deferred, Providers, tile } from '../../test/fixtures';
import { fetchLeases } from '../../api';
import type { BoardFilters } from '../../types';
import { firstPageKey } from '../boards';
import { useBoardData } from './useBoardData';

const STAGES: ProjectStage[] = ['sentToAL', 'relanceAL', 'paid'];
const FILTERS: BoardFilters = { search: '', year: null, state: 'active' };
const REFUSAL = "Impossible d'affecter à cette colonne";

function serveBoard(onMove: () => Promise<{ status: number; body?: unknown }>) {
  return stubFetch(async (call) => {
    if (call.url === '/v1/leases') {
      const { progress } = JSON.parse(String(call.body)) as { progress: ProjectStage };
      const leases =
        progress === 'sentToAL' ? [tile('p1', 'sentToAL'), tile('p2', 'sentToAL')] : [];
      return {
        status: 200,
        body: { leases, total: leases.length, counts: { [progress]: leases.length } },
      };
    }
    if (call.url === '/v1/lease/p1' && call.method === 'POST') return onMove();
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

describe('board data', () => {
  beforeEach(() => {
    window.localStorage.clear();
    setToken('t');
  });

  it('asks one page of 200 per column, with the filter bar values', async () => {
    const calls = serveBoard(async () => ({ status: 200, body: {} }));
    const { result } = renderHook(() => useBoardData('compta', STAGES, FILTERS), {
      wrapper: Providers,
    });
    await waitFor(() => expect(result.current.data.columns.sentToAL.loading).toBe(false));
    expect(result.current.data.columns.sentToAL).toMatchObject({ ids: ['p1', 'p2'], total: 2 });
    expect(calls.map((c) => JSON.parse(String(c.body)) as unknown)).toEqual(
      expect.arrayContaining([
        { offset: 0, size: 200, filter: 'active', progress: 'paid' },
        { offset: 0, size: 200, filter: 'active', progress: 'sentToAL' },
      ]),
    );
  });

  it("moves a tile at once, then puts it back with the server's French message", async () => {
    const answer = deferred<{ status: number; body?: unknown }>();
    const calls = serveBoard(() => answer.promise);
    const { result } = renderHook(() => useBoardData('compta', STAGES, FILTERS), {
      wrapper: Providers,
    });
    await waitFor(() => expect(result.current.data.columns.paid.loading).toBe(false));

    let drop: Promise<string | null> = Promise.resolve(null);
    act(() => {
      drop = result.current.move('p1', { stage: 'paid', beforeId: null });
    });

    expect(result.current.data.columns.paid).toMatchObject({ ids: ['p1'], total: 1 });
    expect(result.current.data.columns.sentToAL).toMatchObject({ ids: ['p2'], total: 1 });
    const post = calls.find((c) => c.method === 'POST' && c.url === '/v1/lease/p1');
    expect(JSON.parse(String(post?.body))).toEqual({ currentProgress: 'paid' });

    await act(async () => {
      answer.resolve({ status: 400, body: { message: REFUSAL } });
      // What screen readers hear comes after the answer: the refusal, never 'Projet déposé.'
      expect(await drop).toBe(`Déplacement refusé : ${REFUSAL}`);
    });

    expect(result.current.data.columns.sentToAL).toMatchObject({ ids: ['p1', 'p2'], total: 2 });
    expect(result.current.data.columns.paid).toMatchObject({ ids: [], total: 0 });
    expect(result.current.data.tiles.p1.currentProgress).toBe('sentToAL');
    expect(result.current.data.positions.p1).toBeUndefined();
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
  });

  it('keeps the order inside a column in the browser, with midpoint positions', async () => {
    const calls = serveBoard(async () => ({ status: 200, body: {} }));
    const { result } = renderHook(() => useBoardData('compta', STAGES, FILTERS), {
      wrapper: Providers,
    });
    await waitFor(() => expect(result.current.data.columns.sentToAL.loading).toBe(false));

    await act(() => result.current.move('p2', { stage: 'sentToAL', beforeId: 'p1' }));

    expect(result.current.data.positions).toEqual({ p2: -1 });
    expect(JSON.parse(window.localStorage.getItem('reloc.board.order.compta') ?? '{}')).toEqual({
      p2: -1,
    });
    expect(calls.some((c) => c.method === 'POST' && c.url.startsWith('/v1/lease/'))).toBe(false);
  });

  it('asks the pages up to where the column will be read at once, and appends them in order', async () => {
    const page = (offset: number) =>
      Array.from({ length: 200 }, (_, i) => tile(`p${offset + i}`, 'paid'));
    const answers = new Map<
      number,
      ReturnType<typeof deferred<{ status: number; body?: unknown }>>
    >();
    const calls = stubFetch((call) => {
      const { progress, offset } = JSON.parse(String(call.body)) as {
        progress: ProjectStage;
        offset: number;
      };
      const body = (leases: unknown[]) => ({
        status: 200,
        body: { leases, total: 1000, counts: { [progress]: progress === 'paid' ? 1000 : 0 } },
      });
      if (progress !== 'paid') return { status: 200, body: { leases: [], total: 0, counts: {} } };
      if (offset === 0) return body(page(0));
      const answer = deferred<{ status: number; body?: unknown }>();
      answers.set(offset, answer);
      return answer.promise.then(() => body(page(offset)));
    });
    const { result } = renderHook(() => useBoardData('compta', STAGES, FILTERS), {
      wrapper: Providers,
    });
    await waitFor(() => expect(result.current.data.columns.paid.ids).toHaveLength(200));

    act(() => result.current.loadMore('paid', 1000));
    // Asked twice (a scroll while the pages are on their way): each page is asked once.
    act(() => result.current.loadMore('paid', 1000));

    await waitFor(() => expect(answers.size).toBe(4));
    const asked = calls
      .map((c) => JSON.parse(String(c.body)) as { progress: string; offset: number })
      .filter((b) => b.progress === 'paid')
      .map((b) => b.offset);
    expect(asked).toEqual([0, 200, 400, 600, 800]);
    expect(result.current.data.columns.paid.loading).toBe(true);

    // Answered last page first: nothing is shown out of order, all of it once the gap is filled.
    await act(async () => {
      answers.get(800)?.resolve({ status: 200 });
      answers.get(400)?.resolve({ status: 200 });
    });
    expect(result.current.data.columns.paid.ids).toHaveLength(200);
    await act(async () => answers.get(200)?.resolve({ status: 200 }));
    await waitFor(() => expect(result.current.data.columns.paid.ids).toHaveLength(600));
    await act(async () => answers.get(600)?.resolve({ status: 200 }));
    await waitFor(() => expect(result.current.data.columns.paid.loading).toBe(false));
    expect(result.current.data.columns.paid.ids).toEqual(
      Array.from({ length: 1000 }, (_, i) => `p${i}`),
    );
  });
  it('draws the first pages loaded at start-up on its first render, without asking them again', async () => {
    const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    const exp = Math.floor(Date.now() / 1000) + 600;
    setToken(`${part({})}.${part({ sub: 'u1', role: 'ADMIN', sid: 's1', exp })}.signature`);
    const calls = serveBoard(async () => ({ status: 200, body: {} }));
    for (const stage of STAGES)
      startEarly(firstPageKey(stage), () =>
        fetchLeases({ offset: 0, progress: stage, filter: 'active' }, undefined, true),
      );
    await waitFor(() => expect(calls).toHaveLength(STAGES.length));
    await act(async () => {}); // the answers are in

    const { result } = renderHook(() => useBoardData('compta', STAGES, FILTERS), {
      wrapper: Providers,
    });
    expect(result.current.data.columns.sentToAL).toEqual({
      ids: ['p1', 'p2'],
      total: 2,
      loading: false,
    });
    await act(async () => {});
    expect(calls).toHaveLength(STAGES.length);
  });
});
