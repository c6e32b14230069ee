import { earlyRefusal, publicEntriesOf } from '@/lib/server/http/early-refusal';

const publicEntries = publicEntriesOf(process.cwd());
const send = (method: string, url: string, headers: Record<string, string> = {}) =>
  earlyRefusal({ method, url, headers }, publicEntries);
const validState = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }]));

describe('the request layer in front of Next', () => {
  it('knows the folders of public/', () => {
    expect([...publicEntries]).toEqual(expect.arrayContaining(['fonts', 'og']));
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'])(
    'answers 405 with Allow: GET, HEAD to a %s on a static file',
    (method) => {
      for (const url of ['/og/vi-pay.png', '/fonts/OFL.txt', '/og/missing.png', '/%6Fg/vi-pay.png', '/x/../og/a.png']) {
        expect(send(method, url)).toEqual({
          status: 405,
          headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' },
        });
      }
    },
  );

  it('lets reads of static files and every method elsewhere through to Next', () => {
    expect(send('GET', '/og/vi-pay.png')).toBeNull();
    expect(send('HEAD', '/fonts/OFL.txt')).toBeNull();
    expect(send('POST', '/api/link')).toBeNull();
    expect(send('POST', '/pay')).toBeNull();
    expect(send('OPTIONS', '/api/checkout')).toBeNull();
    expect(send('POST', '/ogx/a.png')).toBeNull();
  });

  it('answers 400 to a router state header Next cannot parse, and passes a valid one', () => {
    for (const state of ['%%%garbage', '', '{}', encodeURIComponent('[1]')]) {
      expect(send('GET', '/team', { rsc: '1', 'next-router-state-tree': state })?.status).toBe(400);
    }
    expect(send('GET', '/vi/team', { rsc: '1', 'next-router-state-tree': validState })).toBeNull();
    expect(send('GET', '/vi/team', { rsc: '1' })).toBeNull();
  });
});
