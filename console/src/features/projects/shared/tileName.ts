import type { LeaseTile } from '../types';

/** A client file's display name: first and last names, else its user id. */
export const tileName = (tile: Pick<LeaseTile, 'firstName' | 'lastName' | 'userId'>) =>
  [tile.firstName, tile.lastName].filter(Boolean).join(' ') || tile.userId || 'Sans nom';
