import { Projection } from './projection';
import { usersProjection } from '../users/users.projection';

/** Every read model the projector feeds; `npm run rebuild-read-models` replays them all. */
export const ALL_PROJECTIONS: readonly Projection[] = [usersProjection];
