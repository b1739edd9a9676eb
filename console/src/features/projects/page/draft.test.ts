import {
  adoptBase,
  editField,
  keepMine,
  markConflicts,
  pendingChanges,
  startDraft,
  takeTheirs,
} from './draft';
import { project } from '../test/fixtures';

describe('project draft', () => {
  it('sends only the fields that differ from the server', () => {
    let state = startDraft(project());
    state = editField(state, 'moveWish', 'Lyon');
    state = editField(state, 'budget', 900); // back to the saved value
    expect(pendingChanges(state)).toEqual({ moveWish: 'Lyon' });
  });

  it('keeps a field edited again while the save was in flight', () => {
    let state = editField(startDraft(project()), 'moveWish', 'Lyon');
    const sent = pendingChanges(state);
    state = editField(state, 'moveWish', 'Lyon 3e');
    state = adoptBase(state, project({ _revision: 8, moveWish: 'Lyon' }), sent);
    expect(state.draft).toEqual({ moveWish: 'Lyon 3e' });
    expect(state.conflicts).toEqual({});
    expect(state.base._revision).toBe(8);
  });

  it('turns a field someone else changed into a conflict and keeps the text', () => {
    let state = editField(startDraft(project()), 'moveWish', 'Lyon');
    state = markConflicts(state, ['moveWish'], { moveWish: 'Marseille' });
    expect(pendingChanges(state)).toEqual({});
    state = adoptBase(state, project({ _revision: 9, moveWish: 'Marseille' }));
    expect(state.draft.moveWish).toBe('Lyon');
    expect(state.conflicts).toEqual({ moveWish: 'Marseille' });

    expect(pendingChanges(keepMine(state, 'moveWish'))).toEqual({ moveWish: 'Lyon' });
    const theirs = takeTheirs(state, 'moveWish');
    expect(theirs.draft).toEqual({});
    expect(theirs.base.moveWish).toBe('Marseille');
  });

  it('detects a conflict when a newer project arrives for a field being edited', () => {
    let state = editField(startDraft(project()), 'budget', 1200);
    state = adoptBase(state, project({ _revision: 8, budget: 1000 }));
    expect(state.conflicts).toEqual({ budget: 1000 });
    expect(state.draft).toEqual({ budget: 1200 });
  });
});
