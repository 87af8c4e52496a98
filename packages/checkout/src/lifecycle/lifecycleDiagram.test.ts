// docs/ARCHITECTURE.md draws the checkout lifecycle in Mermaid. This test holds the drawing
// to the table the code runs: every transition drawn, none invented.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lifecycleTransitions } from './sessionLifecycle.js';

const doc = readFileSync(
  fileURLToPath(new URL('../../../../docs/ARCHITECTURE.md', import.meta.url)),
  'utf8',
);

describe('the lifecycle diagram in docs/ARCHITECTURE.md', () => {
  it('draws exactly the transitions of SESSION_EVENTS', () => {
    const block = /<!-- lifecycle:[^>]*-->\s*```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const drawn = [...block.matchAll(/^\s*(\w+) --> (\w+): (\w+)$/gm)].map(
      ([, from, to, event]) => `${from} --${event}--> ${to}`,
    );
    const table = lifecycleTransitions().map(
      ({ from, to, event }) => `${from} --${event}--> ${to}`,
    );
    expect(drawn.sort()).toEqual(table.sort());
    expect(block).toContain('[*] --> open');
  });
});
