import { storeKinds, useTestStore } from '../support/stores';
import { directoryContract } from './contract';
import { teamDirectoryContract } from './team-contract';

describe.each(storeKinds)('the embedded account directory on %s', (kind) => {
  const store = useTestStore(kind);
  directoryContract(() => store().directory);
  teamDirectoryContract(() => store().directory);
});
