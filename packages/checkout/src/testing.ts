// The testing entry: the contract suites a store or a payment provider of your own runs to
// prove it keeps the engine's contract, with the fixtures they use. Needs vitest.

export {
  describeProviderContract,
  type OpenedProvider,
  type ProviderContractSubject,
  type RequiredAction,
} from './testing/describeProviderContract.js';
export {
  describeStoreContract,
  type OpenedStore,
  type StoreContractSubject,
} from './testing/describeStoreContract.js';
export {
  makeCompletion,
  makeNewSession,
  makeQuote,
  makeSelection,
  makeStartAttempt,
} from './testing/storeFixtures.js';
