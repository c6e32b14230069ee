import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
const secret = 'bench-only-paylink-secret-0123456789abcdef';
const base = 'http://localhost:3960';
const sessionKey = createHmac('sha256', Buffer.from(secret)).update('quorum:session').digest();
const session = await new SignJWT({ plt: 'telegram', team: '-1002001', jti: 'bench' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1001').setAudience('session:pay').setIssuedAt().setExpirationTime('2h').sign(sessionKey);
const r = await autocannon({ url: base, connections: 20, duration: 10, requests: [{ method: 'POST', path: '/api/checkout', headers: { 'content-type': 'application/json', origin: base, cookie: `quorum-pay=${session}` }, body: JSON.stringify({ plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' }), setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }) }] });
console.log(Math.round(r.requests.average), r.latency.p50, r.non2xx);
