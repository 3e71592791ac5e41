/** A stored answer's head as it goes on the wire (front/direct-answer.ts writes it without writeHead's checks). */
import { describe, expect, it } from 'vitest';
import { storeAnswer } from './stored-answer';

describe('a stored answer', () => {
  it('keeps its status line and headers as Node writes them, in each coding', async () => {
    const page = '<p>A page long enough to be worth compressing.</p>'.repeat(40);
    const answer = await storeAnswer(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, page);
    const { full, notModified } = answer.codings.br;
    expect(
      full.lines.startsWith('HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncache-control: no-cache\r\nvary: Accept-Encoding\r\netag: "'),
    ).toBe(true);
    expect(full.lines.endsWith(`content-encoding: br\r\ncontent-length: ${full.body!.length}\r\n`)).toBe(true);
    expect(notModified!.lines.startsWith('HTTP/1.1 304 Not Modified\r\ncache-control: no-cache\r\n')).toBe(true);
    expect(notModified!.lines).not.toContain('content-length');
    expect((await storeAnswer(404, { 'content-type': 'text/html' }, 'gone')).codings.identity.full.lines.startsWith('HTTP/1.1 404 Not Found\r\n')).toBe(true);
  });

  it('refuses a header that would break the head, as writeHead would, when it is stored', async () => {
    await expect(storeAnswer(200, { 'content-type': 'text/html', link: '</a>\r\nset-cookie: taken=1' }, 'x')).rejects.toThrow(
      /Invalid character in header content/,
    );
    await expect(storeAnswer(200, { 'content type': 'text/html' }, 'x')).rejects.toThrow(/Header name must be a valid HTTP token/);
  });
});
