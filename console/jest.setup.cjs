require('@testing-library/jest-dom');

// The lazily loaded tabs, panels and dialogs are required before the tests run, as the app
// fetches them when idle: a test's timeout then measures its own steps only.
const { loadAllParts } = require('./src/shared/ui/lazyPart');
beforeAll(() => loadAllParts());

// Screens loaded with React.lazy by a route still compile on their first render, which on a
// loaded 2-core machine can take more than testing-library's default second.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
