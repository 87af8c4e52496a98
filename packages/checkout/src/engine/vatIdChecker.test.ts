import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createViesVatIdChecker } from './vatIdChecker.js';

// A local stand-in for VIES's REST API that answers by VAT number, in VIES's own shapes.
const answers: Record<string, { status: number; body: unknown }> = {
  '40303265045': {
    status: 200,
    body: { countryCode: 'FR', vatNumber: '40303265045', valid: true },
  },
  '41303265045': {
    status: 200,
    body: { countryCode: 'FR', vatNumber: '41303265045', valid: false, userError: 'INVALID' },
  },
  '11111111111': {
    status: 200,
    body: {
      countryCode: 'FR',
      vatNumber: '11111111111',
      valid: false,
      userError: 'MS_UNAVAILABLE',
    },
  },
  '22222222222': {
    status: 200,
    body: { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] },
  },
  '33333333333': { status: 500, body: { error: 'boom' } },
};

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const { vatNumber } = JSON.parse(body) as { vatNumber: string };
    const answer = answers[vatNumber] ?? { status: 200, body: 'not json' };
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json');
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
});
let url = '';
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/check-vat-number`;
});
afterAll(async () => {
  server.close();
  await once(server, 'close');
});

describe('the VIES checker', () => {
  it('reads valid and invalid answers', async () => {
    const vies = createViesVatIdChecker({ url });
    await expect(vies.check('FR', '40303265045')).resolves.toBe('valid');
    await expect(vies.check('FR', '41303265045')).resolves.toBe('invalid');
  });

  it('is unavailable on a member state’s outage, a refused request, a 500 or a broken answer', async () => {
    const vies = createViesVatIdChecker({ url });
    for (const number of ['11111111111', '22222222222', '33333333333', '44444444444']) {
      await expect(vies.check('FR', number)).resolves.toBe('unavailable');
    }
  });

  it('is unavailable when nobody listens', async () => {
    const vies = createViesVatIdChecker({ url: 'http://127.0.0.1:9/check-vat-number' });
    await expect(vies.check('FR', '40303265045')).resolves.toBe('unavailable');
  });
});
