import { readFileSync, readdirSync } from 'node:fs';

const config = readFileSync('deploy/nginx/quorum.conf', 'utf8');

describe('the shipped nginx configuration', () => {
  it("refuses other methods than GET and HEAD on exactly public/'s files", () => {
    const key = /"~\^\(\?!GET \|HEAD \)\\S\+ \/\(\?:([^)]+)\)\(\?:\/\|\$\)"\s+1;/.exec(config);
    expect(key).not.toBeNull();
    expect(key![1]!.split('|').sort()).toEqual(readdirSync('public').sort());
  });

  it('answers those with 405 and Allow: GET, HEAD, before proxying', () => {
    expect(config).toMatch(
      /location \/ \{\s+if \(\$quorum_static_write\) \{\s+add_header Allow "GET, HEAD" always;\s+return 405;\s+\}/,
    );
  });
});
