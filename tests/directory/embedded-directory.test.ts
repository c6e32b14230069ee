import { storeKinds, useTestStore } from '../support/stores';
import { directoryContract } from './contract';
import { teamDirectoryContract } from './team-contract';

describe.each(storeKinds)('the embedded account directory on %s', (kind) => {
  const store = useTestStore(kind);
  directoryContract(() => store().directory);
  // Embedded only for now: the team calls are not in the chat-backend contract yet (see remote/client.ts).
  teamDirectoryContract(() => store().directory);
});
