// The header a download is named by: an ASCII fallback always quoted, the UTF-8 name (RFC 8187)
// only when the fallback differs; these are the answers the runtime's fileNameOf reads back.
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../server/files/disposition.ts';
import { fileNameOf } from '../../runtime/api/disposition.ts';

describe('contentDisposition', () => {
  it('quotes an ASCII name, even one that is a bare token, and adds nothing else', () => {
    expect(contentDisposition('pasfoto.png')).toBe('attachment; filename="pasfoto.png"');
    expect(contentDisposition('report 2026 (v2).pdf', 'inline')).toBe('inline; filename="report 2026 (v2).pdf"');
  });

  it('drops accents in the fallback and encodes the name, quote and brackets included', () => {
    const name = "Offerte café – €5 (d'accord)*.pdf";
    expect(contentDisposition(name)).toBe(
      `attachment; filename="Offerte cafe _ _5 (d'accord)*.pdf"; filename*=UTF-8''Offerte%20caf%C3%A9%20%E2%80%93%20%E2%82%AC5%20%28d%27accord%29%2A.pdf`,
    );
    expect(fileNameOf(contentDisposition(name))).toBe(name);
  });

  it('takes out what could end the header or name a path, and names an empty name "download"', () => {
    expect(contentDisposition('a"b\\c/d\r\ne.txt')).toBe('attachment; filename="a_b_c_d__e.txt"');
    expect(contentDisposition('  \n ')).toBe('attachment; filename="_"');
    expect(contentDisposition('   ')).toBe('attachment; filename="download"');
  });

  it('keeps a name that looks percent-encoded as it is', () => {
    expect(contentDisposition('100%20.txt')).toBe('attachment; filename="100%20.txt"');
  });
});
