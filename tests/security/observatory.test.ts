import { gradeResponse } from '@/lib/security/observatory.mjs';
import { contentSecurityPolicy } from '@/lib/security/csp.mjs';

const base = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
};
const html = '<html><script src="/_next/static/chunks/a.js" async=""></script><script>self.__next_f=[]</script></html>';
const grade = (headers: Record<string, string>, setCookies: string[] = []) =>
  gradeResponse({
    url: 'https://quorum.example/',
    headers: new Headers(headers),
    setCookies,
    html,
    assume: { redirectsHttpToHttpsSameHost: true },
  });

describe('MDN HTTP Observatory grade (its published rules)', () => {
  it("costs 20 for 'unsafe-inline' in script-src and withholds every bonus below 90: the old policy", () => {
    const old =
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; object-src 'none'";
    const result = grade({ ...base, 'content-security-policy': old });
    expect(result.tests['content-security-policy']).toEqual({
      result: 'csp-implemented-with-unsafe-inline',
      modifier: -20,
    });
    expect(result.score).toBe(80);
    expect(result.grade).toBe('B+');
  });

  it('ignores unsafe-inline next to a hash, as browsers do', () => {
    const policy = "default-src 'self'; script-src 'self' 'unsafe-inline' 'sha256-abc='; object-src 'none'";
    expect(grade({ ...base, 'content-security-policy': policy }).tests['content-security-policy']).toEqual({
      result: 'csp-implemented-with-no-unsafe',
      modifier: 5,
    });
  });

  it('gives our policy with per-page hashes, Secure SameSite cookies and CORP an A+', () => {
    const policy = contentSecurityPolicy({ scripts: ["'sha256-abc='"] });
    const result = grade({ ...base, 'content-security-policy': policy }, [
      'i18n_redirected=en; Path=/; Max-Age=31536000; Secure; SameSite=lax',
    ]);
    expect(result.tests['content-security-policy'].result).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
    expect(result.tests.cookies.modifier).toBe(5);
    expect(result.tests['x-frame-options'].modifier).toBe(5);
    expect(result.score).toBe(125);
    expect(result.grade).toBe('A+');
  });

  it('penalises a session cookie without HttpOnly and a missing HSTS', () => {
    const result = grade(
      { ...base, 'strict-transport-security': '', 'content-security-policy': "default-src 'none'" },
      ['session=1; Secure; SameSite=Lax'],
    );
    expect(result.tests.cookies.result).toBe('cookies-session-without-httponly-flag');
    expect(result.tests['strict-transport-security'].modifier).toBe(-20);
    expect(result.grade).toBe('D');
  });
});
